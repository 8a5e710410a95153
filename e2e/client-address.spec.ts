import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { startAppServer, type AppServerProcess } from "@/e2e/app-server-process";
import { expect, test } from "@/e2e/fixtures";
import { E2E_REPLICA_PORT } from "@/e2e/ports";

// Whom the per-client limits count (decision 047), on a built standalone server of this spec's own
// reached directly (the one behind a trusted proxy is the limits spec's, which counts per address
// too). The wrong-token throttle is the count under test: one per process, whichever route counted it.

test.describe.configure({ mode: "serial" });

const FAILURES = 5;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let direct: AppServerProcess | undefined;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  const env = { MAX_AUTH_FAILURES_PER_ADDRESS: String(FAILURES) };
  direct = await startAppServer(E2E_REPLICA_PORT + 21, e2eAppServerEnv(env));
});
test.afterAll(async () => {
  await direct?.stop();
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
