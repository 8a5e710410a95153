import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

// Starts the standalone app server (`node .next/standalone/server.js`, what `npm run build` makes
// and the container runs) as a process of the test's own, for stories that stop servers or point
// them somewhere else. The caller stops it; `kill()` is the last resort of a fixture's clean-up.

export type AppServerProcess = {
  port: number;
  url: string;
  /** Sends the signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
  /** What the server printed (its JSON log lines), for assertions and failure messages. */
  output(): string;
  kill(): void;
};

const SERVER = path.join(process.cwd(), ".next", "standalone", "server.js");

export async function startAppServer(
  port: number,
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<AppServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    // A production start needs APP_ORIGIN: the server's own address unless the story names
    // another (replicas are reached through their balancer's).
    env: {
      ...process.env,
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: AppServerProcess = {
    port,
    url,
    exited,
    output: () => output,
    stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };

  // Up once /api/health answers; bounded, and generous for a loaded machine.
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let ended = false;
  void exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  throw new Error(`The app server on port ${port} did not come up:\n${output}`);
}
