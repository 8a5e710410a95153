import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@/lib/tools/net/free-port";

// A real PostgreSQL for the store's tests: Debian's `postgresql` (apt-get install postgresql), a
// fresh cluster in a temporary folder on a free loopback port. PostgreSQL refuses to run as root,
// so as root it runs as the `postgres` user (runuser), as Debian's own service does.

export const POSTGRES_MISSING =
  "PostgreSQL is not installed, so the store's tests on a real server are skipped (install it with `apt-get install postgresql`; in CI they always run).";

/** Debian's binaries: POSTGRES_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
function binDir(): string | undefined {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  try {
    const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
    return versions[0] ? `/usr/lib/postgresql/${versions[0]}/bin` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a PostgreSQL can be started here; in CI (CI=true) its absence fails the run. */
export function postgresInstalled(): boolean {
  const dir = binDir();
  const found =
    dir !== undefined &&
    spawnSync(path.join(dir, "postgres"), ["--version"], { stdio: "ignore" }).status === 0;
  if (!found && process.env.CI === "true") throw new Error(POSTGRES_MISSING);
  return found;
}

const asRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as `postgres` when this process is root. */
function command(bin: string, args: string[]): [string, string[]] {
  const file = path.join(binDir()!, bin);
  return asRoot() ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
}

export type PostgresServer = {
  url: string;
  /** Stops it (fast shutdown), its data kept. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  remove(): Promise<void>;
};

export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "forms-postgres-"));
  const data = path.join(dir, "data");
  if (asRoot()) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const [initdb, initArgs] = command("initdb", [
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "--no-sync",
    "-E",
    "UTF8",
  ]);
  const init = spawnSync(initdb, initArgs, { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const [file, args] = command("postgres", [
      "-D",
      data,
      "-p",
      String(port),
      "-h",
      "127.0.0.1",
      "-k",
      dir,
      "-c",
      "fsync=off",
      "-c",
      "full_page_writes=off",
      "-c",
      "max_connections=200",
    ]);
    child = spawn(file, args, { stdio: "ignore" });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [ready, readyArgs] = command("pg_isready", ["-h", "127.0.0.1", "-p", String(port)]);
      if (spawnSync(ready, readyArgs, { stdio: "ignore" }).status === 0) return;
      if (Date.now() > deadline) throw new Error(`postgres did not listen on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    // PostgreSQL's fast shutdown (runuser would not pass a signal on to it).
    const [pgCtl, args] = command("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    spawnSync(pgCtl, args, { stdio: "ignore" });
    await exited;
  };
  await start();
  // A test runner that ends its worker without the clean-up still leaves no server behind.
  const [pgCtl, stopArgs] = command("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
  const orphaned = () => {
    if (child?.exitCode === null) spawnSync(pgCtl, stopArgs, { stdio: "ignore" });
  };
  process.once("exit", orphaned);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    remove: async () => {
      process.off("exit", orphaned);
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) =>
    Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}
