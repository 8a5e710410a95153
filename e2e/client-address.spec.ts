import { randomUUID } from "node:crypto";
import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { startAppServer, type AppServerProcess } from "@/e2e/app-server-process";
import { expect, test } from "@/e2e/fixtures";
import { callsForRequest } from "@/e2e/helpers/embedded";
import { PORTAL_TOKEN } from "@/e2e/helpers/knowledge";
import { E2E_METRICS_TOKEN, E2E_NAMED_PORTAL_TOKENS, E2E_REPLICA_PORT } from "@/e2e/ports";

// Whom the per-client limits count (decision 047), on built standalone servers of this spec's
// own: one behind a trusted proxy (TRUST_PROXY_HEADERS=true), one reached directly. The wrong-token
// throttle is the count under test: one per process, whichever route counted it.

test.describe.configure({ mode: "serial" });

const FAILURES = 5;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let proxied: AppServerProcess | undefined;
let direct: AppServerProcess | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  const env = { MAX_AUTH_FAILURES_PER_ADDRESS: String(FAILURES) };
  proxied = await startAppServer(
    E2E_REPLICA_PORT + 20,
    e2eAppServerEnv({ ...env, TRUST_PROXY_HEADERS: "true" }),
  );
  direct = await startAppServer(E2E_REPLICA_PORT + 21, e2eAppServerEnv(env));
});
test.afterAll(async () => {
  await Promise.all([proxied?.stop(), direct?.stop()]);
});

test("behind a trusted proxy, wrong tokens from one address are throttled on every route, and that address only", async ({
  request,
}) => {
  const url = proxied!.url;
  const from = { "X-Forwarded-For": `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
  // Counted on two routes: the knowledge routes and the metrics.
  for (let i = 0; i < FAILURES; i++) {
    const path = i % 2 === 0 ? "/api/datasets" : "/api/metrics";
    const response = await request.get(`${url}${path}`, {
      headers: { ...from, ...bearer(`wrong-token-${i}`) },
    });
    expect(response.status(), `attempt ${i + 1}`).toBe(401);
  }
  for (const [path, token] of [
    ["/api/datasets", "one-more-wrong-token"],
    ["/api/metrics", "and-another-wrong-token"],
  ] as const) {
    const requestId = randomUUID();
    const response = await request.get(`${url}${path}`, {
      headers: { ...from, ...bearer(token), "x-request-id": requestId },
    });
    expect(response.status(), path).toBe(429);
    expect(await response.json()).toMatchObject({ status: 429, code: "too_many_requests" });
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await callsForRequest(requestId)).toEqual([]);
  }
  // A right token is never held back by wrong ones, from the same address either (decision 060).
  for (const [path, token] of [
    ["/api/datasets/demo-dataset/documents", PORTAL_TOKEN],
    ["/api/metrics", E2E_METRICS_TOKEN],
  ] as const) {
    const response = await request.get(`${url}${path}`, { headers: { ...from, ...bearer(token) } });
    expect(response.status(), path).toBe(200);
  }
  // Another client's right token is not held back, even when the guesser names it as the first
  // hop: the proxy appends the address it saw, and that last entry is the one counted.
  const other = await request.get(`${url}/api/datasets`, {
    headers: {
      "X-Forwarded-For": `${from["X-Forwarded-For"]}, 198.51.100.20`,
      ...bearer(E2E_NAMED_PORTAL_TOKENS.backend),
    },
  });
  expect(other.status()).toBe(200);
  // The Host check reads the proxy's X-Forwarded-Host entry too, not the client's.
  const hosted = (forwardedHost: string) =>
    request.get(`${url}/api/forms/unknown-token`, {
      headers: { "X-Forwarded-Host": forwardedHost },
    });
  expect((await hosted(`evil.example, 127.0.0.1:${proxied!.port}`)).status()).not.toBe(421);
  expect((await hosted(`127.0.0.1:${proxied!.port}, evil.example`)).status()).toBe(421);
});

test("reached directly, a forged X-Forwarded-For buys no extra guesses, and the start says what that means", async ({
  request,
}) => {
  const url = direct!.url;
  expect(direct!.output()).toContain('"msg":"no trusted proxy"');
  for (let i = 0; i < FAILURES; i++) {
    const response = await request.get(`${url}/api/datasets`, {
      headers: { "X-Forwarded-For": `198.51.100.${i + 1}`, ...bearer(`wrong-token-${i}`) },
    });
    expect(response.status(), `attempt ${i + 1}`).toBe(401);
  }
  const refused = await request.get(`${url}/api/datasets`, {
    headers: { "X-Forwarded-For": "192.0.2.77", ...bearer("yet-another-guess") },
  });
  expect(refused.status()).toBe(429);
  // A forwarded Host is not the client's to choose either.
  const forged = await request.get(`${url}/api/forms/unknown-token`, {
    headers: { Host: "evil.example", "X-Forwarded-Host": `127.0.0.1:${direct!.port}` },
  });
  expect(forged.status()).toBe(421);
});
