import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { createAdminClient, type AdminClient } from "@/lib/embedded/admin-client";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";
import { hasTaskset, pinProcess, planCpus, type CpuPlan } from "./cpu-pinning";
import { endWithBench } from "./end-with-bench";
import { ensureFloorAppBuilt, floorAppBuildDir, startFloorApp } from "./start-floor-app";

// Starts what the bench measures: the embedded upstream in its own process, the production app
// (Next's standalone server, built first when needed) pointed at it, the bench's own floor app
// (`next start`, lib/tools/bench/floor-app) in front of the same upstream, and the minimal proxy
// in front of it too; all on free loopback ports.

export type BenchStack = {
  root: string;
  appOrigin: string;
  /** The upstream's own origin (admin routes) and its API base ending in /v1. */
  upstreamOrigin: string;
  upstreamUrl: string;
  upstreamKey: string;
  /** The minimal Node proxy's origin and API base (ending in /v1), in front of the upstream. */
  minimalProxyOrigin: string;
  minimalProxyUrl: string;
  /** The bench's floor app (its bare page at `/`) and the folder of its build. */
  floorAppOrigin: string;
  floorAppBuildDir: string;
  /** The framework floor: a route of the bench's floor app answering a fixed JSON. */
  frameworkFloorUrl: string;
  /** The framework proxy floor's API base (ending in /v1): a route passing requests upstream. */
  proxyFloorUrl: string;
  /** The framework's upload floor's API base (ending in /v1): a route passing bodies as Node streams. */
  streamFloorUrl: string;
  /** The upstream's admin API (start runs, have runs stream text). */
  upstreamAdmin: AdminClient;
  appPid: number;
  minimalProxyPid: number;
  floorAppPid: number;
  linkSecret: string;
  /** JSON log lines the app wrote so far (one per API request). */
  appLogLines(): number;
  /** How the processes share the CPUs (lib/tools/bench/cpu-pinning.ts), or why they do not. */
  cpus: CpuPlan | { reason: string };
  /**
   * Moves this process (the load generator, and any browser it starts later) off the measured
   * servers' core, or gives it every core back (the page loads: Chromium is the client there).
   */
  placeLoadGenerator(where: "rest" | "all"): void;
  close(): Promise<void>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

async function startUpstream(root: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "lib/tools/bench/bench-upstream.ts")],
    { cwd: root, stdio: ["pipe", "pipe", "inherit"] },
  );
  endWithBench(child);
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the bench upstream exited (${code})`)));
  });
  lines.on("line", () => undefined);
  const { url, origin, adminToken } = JSON.parse(first) as {
    url: string;
    origin: string;
    adminToken: string;
  };
  return { child, url, origin, adminToken };
}

/** The minimal proxy (lib/tools/bench/minimal-proxy.ts) in its own process. */
async function startMinimalProxyProcess(root: string, upstreamOrigin: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "lib/tools/bench/minimal-proxy-main.ts"), upstreamOrigin],
    { cwd: root, stdio: ["pipe", "pipe", "inherit"] },
  );
  endWithBench(child);
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the minimal proxy exited (${code})`)));
  });
  lines.on("line", () => undefined);
  const { origin } = JSON.parse(first) as { origin: string };
  return { child, origin };
}

export async function startBenchStack(options: {
  build: boolean;
  log: (line: string) => void;
}): Promise<BenchStack> {
  const root = process.cwd();
  const nextBin = path.join(root, "node_modules/.bin/next");
  if (!existsSync(nextBin)) throw new Error("run the bench from the project root (npm run bench)");

  if (options.build || !existsSync(path.join(root, ".next/standalone/server.js"))) {
    options.log("Building the app (npm run build)…");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error(`npm run build failed (${build.status})`);
  }

  ensureFloorAppBuilt(root, options.log);

  const upstream = await startUpstream(root);
  const minimalProxy = await startMinimalProxyProcess(root, upstream.origin);
  const floorPort = await freePort();
  const floorApp = startFloorApp(root, floorPort, upstream.origin);
  endWithBench(floorApp);
  const floorOrigin = `http://127.0.0.1:${floorPort}`;
  const port = await freePort();
  const linkSecret = randomBytes(24).toString("hex");
  // The standalone server, as in production.
  const app = spawn(process.execPath, [path.join(root, ".next/standalone/server.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DIFY_API_BASE: upstream.url,
      DIFY_APP_API_KEY: EMBEDDED_KEYS.workflowApp,
      DIFY_DATASET_API_KEY: EMBEDDED_KEYS.dataset,
      FORM_LINK_SECRET: linkSecret,
      ALLOW_UNSIGNED_LINKS: "",
      // Every stream and upload of the bench comes from one address and one link: the
      // per-address and per-link limits (decision 031) would refuse its thousand streams and its
      // fifty uploads at once long before the process's limits.
      MAX_STREAMS_PER_ADDRESS: "100000",
      UPLOAD_RATE_PER_MINUTE: "1000000",
      MAX_UPLOADS_PER_LINK: "100",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      APP_ORIGIN: `http://127.0.0.1:${port}`,
    },
    // The app's request log goes to a pipe that is read, as under a process manager; not to
    // /dev/null, which would hide what writing it costs.
    stdio: ["ignore", "pipe", "pipe"],
  });
  endWithBench(app);
  let logLines = 0;
  createInterface({ input: app.stdout }).on("line", () => logLines++);
  const stderr: string[] = [];
  createInterface({ input: app.stderr }).on("line", (line) => {
    stderr.push(line);
    if (stderr.length > 50) stderr.shift();
  });

  const appOrigin = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stopChild(app);
    await stopChild(floorApp);
    minimalProxy.child.stdin?.end();
    await stopChild(minimalProxy.child);
    upstream.child.stdin?.end();
    await stopChild(upstream.child);
  };
  try {
    await waitForHttp(`${appOrigin}/api/forms/-`, 60_000, app);
    await waitForHttp(`${floorOrigin}/api/floor`, 60_000, floorApp);
  } catch (error) {
    await close();
    throw new Error(`${(error as Error).message}\n${stderr.join("\n")}`);
  }
  if (app.pid === undefined) throw new Error("the app has no pid");
  if (minimalProxy.child.pid === undefined) throw new Error("the minimal proxy has no pid");
  if (floorApp.pid === undefined) throw new Error("the floor app has no pid");
  if (upstream.child.pid === undefined) throw new Error("the upstream has no pid");
  const cpus = planCpus(os.cpus().length, hasTaskset());
  if ("measured" in cpus) {
    pinProcess(app.pid, cpus.measured);
    pinProcess(minimalProxy.child.pid, cpus.measured);
    pinProcess(floorApp.pid, cpus.measured);
    pinProcess(upstream.child.pid, cpus.rest);
    options.log(
      `CPUs: app, floor app and minimal proxy on ${cpus.measured}, upstream and load generator on ${cpus.rest}`,
    );
  } else {
    options.log(`CPUs: ${cpus.reason}`);
  }

  return {
    root,
    appOrigin,
    upstreamOrigin: upstream.origin,
    upstreamUrl: upstream.url,
    upstreamKey: EMBEDDED_KEYS.workflowApp,
    minimalProxyOrigin: minimalProxy.origin,
    minimalProxyUrl: minimalProxy.origin + upstream.url.slice(upstream.origin.length),
    floorAppOrigin: floorOrigin,
    floorAppBuildDir: floorAppBuildDir(root),
    frameworkFloorUrl: `${floorOrigin}/api/floor`,
    proxyFloorUrl: `${floorOrigin}/api/proxy-floor${upstream.url.slice(upstream.origin.length)}`,
    streamFloorUrl: `${floorOrigin}/api/stream-floor${upstream.url.slice(upstream.origin.length)}`,
    upstreamAdmin: createAdminClient({ origin: upstream.origin, token: upstream.adminToken }),
    appPid: app.pid,
    minimalProxyPid: minimalProxy.child.pid,
    floorAppPid: floorApp.pid,
    linkSecret,
    appLogLines: () => logLines,
    cpus,
    placeLoadGenerator: (where) => {
      if ("measured" in cpus) pinProcess(process.pid, where === "rest" ? cpus.rest : cpus.all);
    },
    close,
  };
}
