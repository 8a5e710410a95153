import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { pinProcess } from "./cpu-pinning";
import { endWithBench } from "./end-with-bench";
import type { BenchStack } from "./start-bench-stack";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";
import { freePort } from "@/lib/tools/net/free-port";

// Another production app server on the bench's upstream, for a section that compares two
// settings of the app in one run (memory or Redis, store off or on): pinned like the main
// stack's app, on the measured core.

export const SIDE_APP_PORTAL_TOKEN = "bench-portal-token-0123456789abcdef";

export type SideApp = { origin: string; stop: () => void };

/** Starts it with `env` over the bench's defaults; up once `/api/ready` answers and `ready` holds. */
export async function startSideApp(
  stack: BenchStack,
  env: Record<string, string>,
  ready: (answer: Record<string, unknown>) => boolean = () => true,
): Promise<SideApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(stack.root, ".next/standalone/server.js")],
    {
      cwd: stack.root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DIFY_API_BASE: stack.upstreamUrl,
        DIFY_APP_API_KEY: EMBEDDED_KEYS.workflowApp,
        DIFY_DATASET_API_KEY: EMBEDDED_KEYS.dataset,
        FORM_LINK_SECRET: stack.linkSecret,
        PORTAL_API_TOKEN: SIDE_APP_PORTAL_TOKEN,
        // Every upload comes from one address and one link, one at a time.
        UPLOAD_RATE_PER_MINUTE: "1000000",
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        APP_ORIGIN: origin,
        ...env,
      },
      stdio: "ignore",
    },
  );
  endWithBench(child);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`${origin}/api/ready`).then(
      async (response) => (await response.json()) as Record<string, unknown>,
      () => undefined,
    );
    if (answer && ready(answer)) break;
    if (child.exitCode !== null)
      throw new Error(`an app server on ${port} exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`an app server on ${port} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if ("measured" in stack.cpus && child.pid !== undefined)
    pinProcess(child.pid, stack.cpus.measured);
  return { origin, stop: () => child.kill("SIGKILL") };
}
