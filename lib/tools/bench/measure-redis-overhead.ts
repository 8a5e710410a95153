import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import type { RedisOverheadResult } from "./bench-results";
import { percentile } from "./percentile";
import type { BenchStack } from "./start-bench-stack";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";
import { startRedisServer } from "@/lib/tools/redis/start-redis-server";

// What sharing the limits in Redis adds to a knowledge request (its token passes the wrong-token
// throttle: a count taken and given back): two more app servers on the bench's upstream, one
// counting in memory and one with REDIS_URL on a local redis-server, asked in turn so that both
// see the same moments of a busy machine.

const TOKEN = "bench-portal-token-0123456789abcdef";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startApp(stack: BenchStack, env: Record<string, string>) {
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
        PORTAL_API_TOKEN: TOKEN,
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        APP_ORIGIN: origin,
        ...env,
      },
      stdio: "ignore",
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${origin}/api/ready`).then(
      async (response) => (await response.json()) as { limits?: string },
      () => undefined,
    );
    if (ready && (env.REDIS_URL === undefined || ready.limits === "redis")) break;
    if (Date.now() > deadline) throw new Error(`an app server on ${port} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, stop: () => child.kill("SIGKILL") };
}

async function timed(origin: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${origin}/api/datasets?limit=1`, {
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`a knowledge request answered ${response.status}`);
  return performance.now() - started;
}

export async function measureRedisOverhead(
  stack: BenchStack,
  options: { requests: number; log: (line: string) => void },
): Promise<RedisOverheadResult> {
  const redis = await startRedisServer();
  const memoryApp = await startApp(stack, {});
  const redisApp = await startApp(stack, { REDIS_URL: redis.url });
  try {
    for (let i = 0; i < 50; i++)
      await Promise.all([timed(memoryApp.origin), timed(redisApp.origin)]);
    const memory: number[] = [];
    const shared: number[] = [];
    for (let i = 0; i < options.requests; i++) {
      memory.push(await timed(memoryApp.origin));
      shared.push(await timed(redisApp.origin));
    }
    const memoryP50Ms = percentile(memory, 50);
    const redisP50Ms = percentile(shared, 50);
    options.log(`  memory p50 ${memoryP50Ms.toFixed(2)} ms, redis p50 ${redisP50Ms.toFixed(2)} ms`);
    return { requests: options.requests, memoryP50Ms, redisP50Ms };
  } finally {
    memoryApp.stop();
    redisApp.stop();
    await redis.stop();
  }
}
