import { randomUUID } from "node:crypto";
import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { startAppServer, type AppServerProcess } from "@/e2e/app-server-process";
import { expect, test } from "@/e2e/fixtures";
import { PORTAL_TOKEN } from "@/e2e/helpers/knowledge";
import { startRunAsPortal } from "@/e2e/helpers/runs";
import { E2E_METRICS_TOKEN, E2E_REPLICA_PORT } from "@/e2e/ports";
import { EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { formLinkQuery } from "@/lib/server/form/signed-form-link";

// Without a trusted proxy all clients share a single address (decision 060): what one person does
// there (wrong tokens, malformed launches, link checks, live views on many links) leaves the next
// person's right token, launch, upload and live view alone. A built server of this spec's own,
// with small limits.

test.describe.configure({ mode: "serial" });

const LIMITS = {
  MAX_AUTH_FAILURES_PER_ADDRESS: 3,
  LAUNCH_RATE_PER_MINUTE: 2,
  UPLOAD_RATE_PER_MINUTE: 3,
  MAX_STREAMS_PER_ADDRESS: 3,
};

let server: AppServerProcess;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startAppServer(
    E2E_REPLICA_PORT + 40,
    e2eAppServerEnv(
      Object.fromEntries(Object.entries(LIMITS).map(([name, value]) => [name, String(value)])),
    ),
  );
});
test.afterAll(async () => {
  await server?.stop();
});

/** A paused run's form link of its own user: one person. */
async function person() {
  const user = `person-${randomUUID()}@example.com`;
  const run = await startRunAsPortal(user);
  const link = formLinkQuery(
    { token: run.formToken, run: run.runId, user, exp: Math.floor(Date.now() / 1000) + 600 },
    EMBEDDED_LINK_SECRET,
  );
  return { ...run, headers: { "X-Form-Link": link, Origin: server.url } };
}

const post = (path: string, headers: Record<string, string>, body: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { Origin: server.url, ...headers },
    body,
  });

test("wrong tokens from one person never refuse another person's right token", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 2 * LIMITS.MAX_AUTH_FAILURES_PER_ADDRESS; i++) {
    const path = i % 2 === 0 ? "/api/datasets" : "/api/metrics";
    const response = await fetch(`${server.url}${path}`, {
      headers: { Authorization: `Bearer wrong-token-${i}` },
    });
    statuses.push(response.status);
  }
  // The guesser is held back...
  expect(statuses.at(-1)).toBe(429);
  // ...and the right tokens are not.
  const knowledge = await fetch(`${server.url}/api/datasets`, {
    headers: { Authorization: `Bearer ${PORTAL_TOKEN}` },
  });
  expect(knowledge.status).toBe(200);
  const metrics = await fetch(`${server.url}/api/metrics`, {
    headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  });
  expect(metrics.status).toBe(200);
});

test("malformed launches cost no one's rate: another person still launches", async () => {
  for (let i = 0; i < 3 * LIMITS.LAUNCH_RATE_PER_MINUTE; i++) {
    const refused = await post("/api/launch", { "Content-Type": "application/json" }, "{ not json");
    expect(refused.status, `malformed launch ${i + 1}`).toBe(400);
  }
  const launch = await post(
    "/api/launch",
    { "Content-Type": "application/json" },
    JSON.stringify({ inputs: { topic: "Limits", audience: "Engineers" }, query: "" }),
  );
  expect(launch.status).toBe(200);
  await launch.body?.cancel();
});

test("one person's link checks do not use up anyone's uploads", async () => {
  const checker = await person();
  const uploader = await person();
  const check = () =>
    post(
      `/api/forms/${checker.formToken}/files/link`,
      { ...checker.headers, "Content-Type": "application/json" },
      JSON.stringify({ field: "cover", url: "https://files.example/cover.png" }),
    );
  const statuses: number[] = [];
  for (let i = 0; i < LIMITS.UPLOAD_RATE_PER_MINUTE + 2; i++) statuses.push((await check()).status);
  expect(statuses.at(-1)).toBe(429);
  const boundary = "----no-lockout";
  const upload = await post(
    `/api/forms/${uploader.formToken}/files`,
    { ...uploader.headers, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\n` +
      `Content-Type: image/png\r\n\r\npng bytes\r\n--${boundary}--\r\n`,
  );
  expect(upload.status).toBe(201);
});

test("live views on many links leave another person a live view", async () => {
  const views = new AbortController();
  try {
    for (let i = 0; i <= LIMITS.MAX_STREAMS_PER_ADDRESS; i++) {
      const link = await person();
      const view = await fetch(`${server.url}/api/forms/${link.formToken}/events`, {
        headers: link.headers,
        signal: views.signal,
      });
      expect(view.status, `view ${i + 1}`).toBe(200);
    }
    const other = await person();
    const view = await fetch(`${server.url}/api/forms/${other.formToken}/events`, {
      headers: other.headers,
      signal: views.signal,
    });
    expect(view.status).toBe(200);
  } finally {
    views.abort();
  }
});
