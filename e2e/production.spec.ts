import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { startAppServer } from "@/e2e/app-server-process";
import { E2E_REPLICA_PORT } from "@/e2e/ports";
import { expect, serverTest, test } from "@/e2e/fixtures";
import { METRICS_TOKEN } from "@/e2e/helpers/servers";

// What an operator's probes and Prometheus see.

test("liveness answers without asking the upstream; readiness says the upstream answered", async ({
  request,
}) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });

  const ready = await request.get("/api/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready", store: "off" });
});

serverTest(
  "with the upstream down, readiness is 503 with the reason and liveness still 200",
  async ({ request, ownAppServer }) => {
    // Starting a server of its own takes a while on a loaded machine.
    serverTest.setTimeout(90_000);
    // Nothing listens on this port: the upstream is down for this copy only.
    const server = await ownAppServer({
      DIFY_API_BASE: `http://127.0.0.1:${E2E_REPLICA_PORT + 4}/v1`,
    });
    expect((await request.get(`${server.url}/api/health`)).status()).toBe(200);

    const ready = await request.get(`${server.url}/api/ready`);
    expect(ready.status()).toBe(503);
    const body = (await ready.json()) as { status: number; code: string; message: string };
    expect(body).toEqual({
      status: 503,
      code: "upstream_unreachable",
      message: "The workflow service cannot be reached.",
    });
    // Neither answer names the upstream's address or a key.
    expect(JSON.stringify(body)).not.toContain(String(E2E_REPLICA_PORT + 4));
  },
);

test("metrics need the token, and count the requests made", async ({ request }) => {
  const refused = await request.get("/api/metrics");
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: "unauthorized" });
  const wrong = await request.get("/api/metrics", {
    headers: { Authorization: "Bearer not-the-token" },
  });
  expect(wrong.status()).toBe(401);

  const auth = { Authorization: `Bearer ${METRICS_TOKEN}` };
  const series =
    'human_input_http_request_duration_seconds_count{route="/api/health",method="GET",status="200"}';
  const count = async () => {
    const response = await request.get("/api/metrics", { headers: auth });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const line = (await response.text()).split("\n").find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };
  const before = await count();
  await request.get("/api/health");
  // Other tests share the server: at least our one request more.
  expect(await count()).toBeGreaterThanOrEqual(before + 1);
  const text = await (await request.get("/api/metrics", { headers: auth })).text();
  for (const name of [
    "human_input_upstream_request_duration_seconds",
    "human_input_open_event_streams",
    "human_input_uploaded_bytes_total",
    "human_input_refusals_total",
  ]) {
    expect(text).toContain(`# TYPE ${name}`);
  }
  expect(text).toMatch(/human_input_refusals_total\{code="unauthorized"\} [1-9]/);
});

test("an unsafe configuration is named in the log at start and by readiness, and every request fails closed", async ({
  request,
}) => {
  test.setTimeout(90_000);
  const server = await startAppServer(
    E2E_REPLICA_PORT + 6,
    // A production start without APP_ORIGIN is refused the same way (decision 036).
    e2eAppServerEnv({ FORM_LINK_SECRET: "too-short", APP_ORIGIN: "" }),
  );
  try {
    const problem = /FORM_LINK_SECRET: must be at least 32 characters/;
    expect(server.output()).toMatch(/APP_ORIGIN: required in production/);
    // Next's standalone server runs instrumentation as it starts: the line is there before any
    // request but the health probe's.
    expect(server.output()).toMatch(problem);
    const ready = await request.get(`${server.url}/api/ready`);
    expect(ready.status()).toBe(503);
    expect(await ready.json()).toMatchObject({ code: "server_misconfigured", message: problem });
    expect((await ready.json()) as { message: string }).toMatchObject({
      message: expect.stringMatching(/APP_ORIGIN: required in production/),
    });
    const form = await request.get(`${server.url}/api/forms/some-token`);
    expect(form.status()).toBe(503);
    const body = (await form.json()) as { code: string; message: string };
    expect(body.code).toBe("server_misconfigured");
    // Only the operator's probe names the variable, not every caller.
    expect(body.message).not.toMatch(/FORM_LINK_SECRET/);
  } finally {
    await server.stop();
  }
});

test("every /api answer that is not a success carries the envelope: unknown paths and methods", async ({
  request,
}) => {
  const wrongMethod = await request.put("/api/forms/some-token");
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers()["allow"]).toBe("GET, POST");
  expect(wrongMethod.headers()["cache-control"]).toBe("no-store");
  expect(await wrongMethod.json()).toEqual({
    status: 405,
    code: "method_not_allowed",
    message: "This route takes GET and POST only.",
  });
  expect((await request.delete("/api/forms/some-token/events")).headers()["allow"]).toBe("GET");
  // Every route, with a method it does not take.
  const routes: [path: string, refused: "put" | "delete" | "get" | "post"][] = [
    ["/api/forms/t", "delete"],
    ["/api/forms/t/files", "get"],
    ["/api/forms/t/events", "put"],
    ["/api/forms/t/next-link", "get"],
    ["/api/launch", "get"],
    ["/api/launch/files", "get"],
    ["/api/launch/parameters", "delete"],
    ["/api/health", "put"],
    ["/api/ready", "delete"],
    ["/api/metrics", "put"],
    ["/api/datasets/d/documents/metadata", "get"],
    ["/api/datasets/d/documents/o/segments/s", "delete"],
    ["/api/knowledge/chunks/d/o/s", "put"],
    ["/api/knowledge/status", "post"],
    ["/api/datasets", "post"],
    ["/api/datasets/d/documents", "delete"],
    ["/api/datasets/d/metadata", "put"],
    ["/api/datasets/d/documents/o/segments", "post"],
  ];
  for (const [path, method] of routes) {
    const response = await request[method](path);
    expect(response.status(), `${method} ${path}`).toBe(405);
    expect(response.headers()["allow"], path).toBeTruthy();
    expect(await response.json(), path).toMatchObject({ code: "method_not_allowed" });
  }
  for (const path of [
    "/api/forms/some-token/other",
    "/api/forms/some-token/files/more",
    "/api/nothing-here",
    "/api/forms",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"], path).toMatch(/^application\/json/);
    expect(await response.json(), path).toMatchObject({ status: 404, code: "not_found" });
  }
});
