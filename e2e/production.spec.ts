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
  expect(await ready.json()).toEqual({ status: "ready" });
});

serverTest(
  "with the upstream down, readiness is 503 with the reason and liveness still 200",
  async ({ request, ownAppServer }) => {
    // Starting a server of its own takes a while on a loaded machine.
    serverTest.setTimeout(90_000);
    // Nothing listens on this port: the upstream is down for this copy only.
    const server = await ownAppServer({ EMBEDDED_DIFY_PORT: String(E2E_REPLICA_PORT + 4) });
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
    'human_input_http_request_duration_seconds_count{route="health",method="GET",status="200"}';
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

test("an unsafe configuration stops the start, naming the variable, before any request", async () => {
  test.setTimeout(90_000);
  const start = startAppServer(
    E2E_REPLICA_PORT + 6,
    e2eAppServerEnv({ FORM_LINK_SECRET: "too-short" }),
  );
  await expect(start).rejects.toThrow(/FORM_LINK_SECRET: must be at least 32 characters/);
});

test("the app's own server answers the form routes; any other path there is Next's 404", async ({
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
  for (const path of ["/api/forms/some-token/other", "/api/forms/some-token/files/more"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
