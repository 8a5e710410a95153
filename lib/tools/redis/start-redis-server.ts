import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { freePort } from "@/lib/tools/net/free-port";

// A real Redis for the shared-limits stories and the bench: Debian's redis-server (apt-get install
// redis-server), started on a free loopback port with nothing saved to disk.

export const REDIS_SERVER = process.env.REDIS_SERVER ?? "redis-server";

export const REDIS_MISSING =
  "redis-server is not installed, so the shared-limits stories are skipped (install it with `apt-get install redis-server`; in CI they always run).";

/** Whether a redis-server can be started here; in CI (CI=true) its absence fails the run. */
export function redisServerInstalled(): boolean {
  const found = spawnSync(REDIS_SERVER, ["--version"], { stdio: "ignore" }).status === 0;
  if (!found && process.env.CI === "true") throw new Error(REDIS_MISSING);
  return found;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export type RedisServer = {
  url: string;
  /** Stops it (as a crash or a maintenance would). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** The running server's process id. */
  pid(): number | undefined;
};

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start, pid: () => child?.pid };
}
