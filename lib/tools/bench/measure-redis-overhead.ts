import type { RedisOverheadResult, RedisPair } from "./bench-results";
import type { BenchForm } from "./create-demo-form";
import { multipartParts } from "./multipart-parts";
import { pinProcess } from "./cpu-pinning";
import { percentile } from "./percentile";
import type { BenchStack } from "./start-bench-stack";
import { SIDE_APP_PORTAL_TOKEN, startSideApp } from "./start-side-app";
import { FORM_LINK_HEADER } from "@/lib/form/form-link";
import { startRedisServer } from "@/lib/tools/redis/start-redis-server";

// What sharing the limits in Redis adds to a knowledge request (its token passes the wrong-token
// throttle: a count taken and given back) and to a 1 KB upload (its address's rate and a slot of
// its link, taken and freed): two more app servers on the bench's upstream, one counting in
// memory and one with REDIS_URL on a local redis-server, asked in turn so that both see the same
// moments of a busy machine. Pinned like the main stack: the two apps on the measured core, Redis
// (another service, like the upstream) on the others.

type Request = { path: string; init: RequestInit; status: number };

async function timed(origin: string, request: Request): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${origin}${request.path}`, request.init);
  await response.arrayBuffer();
  if (response.status !== request.status) {
    throw new Error(`${request.path} answered ${response.status}`);
  }
  return performance.now() - started;
}

function requests(form: BenchForm) {
  const { head, tail, contentType } = multipartParts({ filename: "bench.txt" });
  const knowledge: Request = {
    path: "/api/datasets?limit=1",
    init: { headers: { Authorization: `Bearer ${SIDE_APP_PORTAL_TOKEN}` } },
    status: 200,
  };
  const upload = (origin: string): Request => ({
    path: `/api/forms/${encodeURIComponent(form.token)}/files`,
    init: {
      method: "POST",
      headers: { [FORM_LINK_HEADER]: form.linkQuery, origin, "content-type": contentType },
      body: Buffer.concat([head, Buffer.alloc(1024, "x"), tail]),
    },
    status: 201,
  });
  return { knowledge, upload };
}

/** The p50 of `count` requests to each app, asked in turn, after a warm-up. */
async function inTurn(
  apps: { memory: string; redis: string },
  request: (origin: string) => Request,
  count: number,
): Promise<RedisPair> {
  for (let i = 0; i < 50; i++) {
    await Promise.all([
      timed(apps.memory, request(apps.memory)),
      timed(apps.redis, request(apps.redis)),
    ]);
  }
  const memory: number[] = [];
  const shared: number[] = [];
  for (let i = 0; i < count; i++) {
    memory.push(await timed(apps.memory, request(apps.memory)));
    shared.push(await timed(apps.redis, request(apps.redis)));
  }
  return { memoryP50Ms: percentile(memory, 50), redisP50Ms: percentile(shared, 50) };
}

export async function measureRedisOverhead(
  stack: BenchStack,
  form: BenchForm,
  options: { requests: number; log: (line: string) => void },
): Promise<RedisOverheadResult> {
  const redis = await startRedisServer();
  const redisPid = redis.pid();
  if ("measured" in stack.cpus && redisPid !== undefined) pinProcess(redisPid, stack.cpus.rest);
  const memoryApp = await startSideApp(stack, {});
  const redisApp = await startSideApp(
    stack,
    { REDIS_URL: redis.url },
    (ready) => ready.limits === "redis",
  );
  try {
    const apps = { memory: memoryApp.origin, redis: redisApp.origin };
    const { knowledge, upload } = requests(form);
    const result = {
      requests: options.requests,
      knowledge: await inTurn(apps, () => knowledge, options.requests),
      upload: await inTurn(apps, upload, options.requests),
    };
    for (const [name, pair] of [
      ["knowledge", result.knowledge],
      ["upload", result.upload],
    ] as const) {
      options.log(
        `  ${name}: memory p50 ${pair.memoryP50Ms.toFixed(2)} ms, redis p50 ${pair.redisP50Ms.toFixed(2)} ms`,
      );
    }
    return result;
  } finally {
    memoryApp.stop();
    redisApp.stop();
    await redis.stop();
  }
}
