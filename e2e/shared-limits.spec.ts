import { randomInt, randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { startAppServer, type AppServerProcess } from "@/e2e/app-server-process";
import { expect, test } from "@/e2e/fixtures";
import {
  REDIS_MISSING,
  redisServerInstalled,
  startRedisServer,
  type RedisServer,
} from "@/lib/tools/redis/start-redis-server";
import { startRunAsPortal } from "@/e2e/helpers/runs";
import { E2E_METRICS_TOKEN, E2E_REPLICA_PORT } from "@/e2e/ports";
import { startRoundRobinBalancer, type RoundRobinBalancer } from "@/e2e/round-robin-balancer";
import { EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { formLinkQuery } from "@/lib/server/form/signed-form-link";

// Two copies behind a round-robin balancer, sharing their limits in a real Redis (REDIS_URL):
// counts hold across copies, a dead copy's slots expire with their lease, and with Redis away
// both keep answering on limits of their own until it is back (decision 048).

const installed = redisServerInstalled();
if (!installed) console.info(REDIS_MISSING);
test.skip(!installed, REDIS_MISSING);
test.describe.configure({ mode: "serial" });

// Few, and even: the guesses go one by one (each wrong one is answered late), round-robin.
const FAILURES = 4;
// Short, so that a dead copy's slots are seen to lapse soon; renewed every third of it.
const LEASE_MS = 4_000;
const PORTS = [E2E_REPLICA_PORT + 30, E2E_REPLICA_PORT + 31];
const BALANCER = E2E_REPLICA_PORT + 32;

let redis: RedisServer;
let balancer: RoundRobinBalancer;
const copies: AppServerProcess[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  redis = await startRedisServer();
  for (const port of PORTS) {
    const env = e2eAppServerEnv({
      REDIS_URL: redis.url,
      TRUST_PROXY_HEADERS: "true",
      APP_ORIGIN: `http://127.0.0.1:${BALANCER}`,
      MAX_AUTH_FAILURES_PER_ADDRESS: String(FAILURES),
      MAX_STREAMS_PER_LINK: "2",
      MAX_UPLOADS_PER_LINK: "2",
      SHARED_SLOT_LEASE_MS: String(LEASE_MS),
    });
    copies.push(await startAppServer(port, env));
  }
  balancer = await startRoundRobinBalancer(BALANCER, PORTS);
  await expect.poll(() => limitsOn(copies), { timeout: 60_000 }).toEqual(["redis", "redis"]);
});
test.afterAll(async () => {
  await balancer?.close();
  for (const copy of copies) copy.kill();
  await Promise.all(copies.map((copy) => copy.exited));
  await redis?.stop();
});

const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** What each copy's /api/ready says of its limits. */
async function limitsOn(servers: AppServerProcess[]): Promise<unknown[]> {
  return Promise.all(
    servers.map(async (server) => {
      const body = (await (await fetch(`${server.url}/api/ready`)).json()) as { limits?: string };
      return body.limits;
    }),
  );
}

async function metric(server: AppServerProcess, name: string): Promise<number> {
  const text = await (
    await fetch(`${server.url}/api/metrics`, {
      headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
    })
  ).text();
  const line = text.split("\n").find((row) => row.startsWith(`${name} `));
  return Number(line?.split(" ")[1] ?? NaN);
}

/** A wrong-token guess through the balancer; answers with its status and the copy that took it. */
async function guess(address: string): Promise<{ status: number; backend: number }> {
  const requestId = randomUUID();
  const response = await fetch(`${balancer.url}/api/datasets?r=${requestId}`, {
    headers: { "X-Forwarded-For": address, Authorization: `Bearer wrong-${requestId}` },
  });
  await response.body?.cancel();
  const entry = balancer.log.findLast((row) => row.path.includes(requestId));
  return { status: response.status, backend: entry?.backend ?? -1 };
}

async function expectGuessesShared(address: string) {
  const answered = [];
  for (let i = 0; i < FAILURES; i++) answered.push(await guess(address));
  expect(answered.map((row) => row.status)).toEqual(Array(FAILURES).fill(401));
  expect(new Set(answered.map((row) => row.backend))).toEqual(new Set([0, 1]));
  const next = [await guess(address), await guess(address)];
  expect(next.map((row) => row.status)).toEqual([429, 429]);
  expect(new Set(next.map((row) => row.backend))).toEqual(new Set([0, 1]));
}

async function pausedRunLink() {
  const user = `shared-${randomUUID()}@example.com`;
  const run = await startRunAsPortal(user);
  return {
    token: run.formToken,
    link: formLinkQuery(
      {
        token: run.formToken,
        run: run.runId,
        user,
        exp: Math.floor(Date.now() / 1000) + 600,
        scope: "form",
      },
      EMBEDDED_LINK_SECRET,
    ),
  };
}

/** Opens the link's stream (Node's own client: fetch would not send the Host header). */
function openStream(base: string, token: string, link: string, signal: AbortSignal) {
  return new Promise<number>((resolve, reject) => {
    const headers = {
      "X-Form-Link": link,
      "X-Forwarded-For": freshAddress(),
      Host: `127.0.0.1:${BALANCER}`,
    };
    const req = httpRequest(`${base}/api/forms/${token}/events`, { headers, signal }, (res) => {
      if (res.statusCode !== 200) res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (error) => (signal.aborted ? resolve(0) : reject(error)));
    req.end();
  });
}

const BOUNDARY = "----shared";
const fileHead =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n` +
  `Content-Type: text/plain\r\n\r\n`;

/**
 * An upload sent to one copy whose body stays open until `finish`: it holds its slot meanwhile.
 * Straight to the copy, with the balancer's Host: the balancer reads a whole body before it
 * forwards it, so a held body would never reach a copy through it.
 */
function heldUpload(copy: AppServerProcess, token: string, link: string) {
  const req = httpRequest(`${copy.url}/api/forms/${token}/files`, {
    method: "POST",
    headers: {
      Host: `127.0.0.1:${BALANCER}`,
      Origin: balancer.url,
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "X-Form-Link": link,
      "X-Forwarded-For": freshAddress(),
    },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
  });
  req.write(`${fileHead}first bytes`);
  return {
    answered,
    finish() {
      req.end(`, the rest\r\n--${BOUNDARY}--\r\n`);
      return answered;
    },
  };
}

test("wrong guesses up to the limit, spread over both copies, and the next is refused on both", async () => {
  await expectGuessesShared(freshAddress());
});

test("a link's stream and upload caps hold across copies", async () => {
  const { token, link } = await pausedRunLink();
  const views = new AbortController();
  try {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(await openStream(balancer.url, token, link, views.signal));
    expect(statuses).toEqual([200, 200, 429]);
    const streams = balancer.log.filter((row) => row.path === `/api/forms/${token}/events`);
    expect(new Set(streams.slice(0, 2).map((row) => row.backend))).toEqual(new Set([0, 1]));
  } finally {
    views.abort();
  }

  const held = [heldUpload(copies[0]!, token, link), heldUpload(copies[1]!, token, link)];
  // Both are in flight once each copy has counted it; then a third, on either copy, is refused.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const third = heldUpload(copies[0]!, token, link);
  expect(await third.finish()).toBe(429);
  expect(await Promise.all(held.map((upload) => upload.finish()))).toEqual([201, 201]);
});

test("Redis stopped: both copies keep answering on their share of the limits, keep a lockout, say so once, and count it; Redis back: shared again", async () => {
  test.setTimeout(90_000);
  // Locked out while Redis is there...
  const locked = freshAddress();
  await expectGuessesShared(locked);
  await redis.stop();
  await expect.poll(() => limitsOn(copies)).toEqual(["redis-unavailable", "redis-unavailable"]);
  for (const copy of copies) {
    expect((await fetch(`${copy.url}/api/ready`)).status).toBe(200);
  }
  // ...stays locked out on both copies once it is gone.
  for (const backend of [0, 1]) {
    balancer.pin(backend);
    expect(await guess(locked)).toEqual({ status: 429, backend });
  }
  // Per copy now, each its share of the limit (two copies: half): half the limit's wrong guesses
  // on A are refused on A, and B still has a count of its own.
  const address = freshAddress();
  balancer.pin(0);
  for (let i = 0; i < FAILURES / 2; i++) expect((await guess(address)).status).toBe(401);
  expect(await guess(address)).toEqual({ status: 429, backend: 0 });
  balancer.pin(1);
  expect(await guess(address)).toEqual({ status: 401, backend: 1 });
  balancer.pin(null);
  for (const copy of copies) {
    const lines = copy
      .output()
      .split("\n")
      .filter((line) => line.includes("redis unavailable"));
    expect(lines).toHaveLength(1);
    expect(await metric(copy, "human_input_shared_limits_up")).toBe(0);
    expect(await metric(copy, "human_input_shared_limits_fallbacks_total")).toBeGreaterThan(0);
  }

  await redis.start();
  await expect.poll(() => limitsOn(copies), { timeout: 20_000 }).toEqual(["redis", "redis"]);
  for (const copy of copies) expect(await metric(copy, "human_input_shared_limits_up")).toBe(1);
  await expectGuessesShared(freshAddress());
});

test("a copy killed with open streams frees its slots within the lease", async () => {
  test.setTimeout(60_000);
  const { token, link } = await pausedRunLink();
  const [a, b] = copies as [AppServerProcess, AppServerProcess];
  const views = new AbortController();
  try {
    // Both of the link's streams on A, which then dies without a word (SIGKILL).
    balancer.pin(0);
    for (let i = 0; i < 2; i++) {
      expect(await openStream(balancer.url, token, link, views.signal)).toBe(200);
    }
    balancer.pin(null);
    a.kill();
    await a.exited;
    const freed = Date.now();
    const onB = () => openStream(b.url, token, link, views.signal);
    // Direct to B, with the balancer's Host, as the balancer would send it.
    expect(await onB()).toBe(429);
    await expect.poll(onB, { timeout: LEASE_MS + 5_000, intervals: [500] }).toBe(200);
    expect(Date.now() - freed).toBeLessThan(LEASE_MS + 2_000);
  } finally {
    views.abort();
  }
});
