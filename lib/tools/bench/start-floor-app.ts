import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// The bench's own Next app (lib/tools/bench/floor-app): the framework floor and the framework
// proxy floor, as route handlers, a bare page with one client button and a page of the libraries
// the form page keeps, of a Next app that holds nothing else, so that the product's app/ holds
// product routes only. Built once, and again only when one of its files changed.

const DIR = "lib/tools/bench/floor-app";

/** Where the floor app's build is (its pages' scripts are read from there). */
export const floorAppBuildDir = (root: string) => path.join(root, DIR, ".next");

/** Newest modification time of the app's own files and folders (not its build). */
function newestSource(dir: string): number {
  // A folder's own time changes when a file is added to it or taken away, as a page moved back in
  // with its old times would be.
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === ".next" || entry.name === "node_modules") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the floor app when it has no build, or one older than its files. */
export function ensureFloorAppBuilt(root: string, log: (line: string) => void): void {
  const dir = path.join(root, DIR);
  const buildId = path.join(dir, ".next", "BUILD_ID");
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= newestSource(dir)) return;
  log("Building the bench's floor app (once)…");
  const build = spawnSync(path.join(root, "node_modules/.bin/next"), ["build", dir], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error(`building ${DIR} failed (${build.status})`);
}

/** `next start` of the floor app on `port`, its proxy floor pointed at `upstreamOrigin`. */
export function startFloorApp(root: string, port: number, upstreamOrigin: string): ChildProcess {
  return spawn(
    path.join(root, "node_modules/.bin/next"),
    ["start", path.join(root, DIR), "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        BENCH_UPSTREAM_ORIGIN: upstreamOrigin,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
}
