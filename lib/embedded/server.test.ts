import { request } from "node:http";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "./admin-token";
import { withTestServer } from "./test-client";

const env = withTestServer();

const UNAUTHORIZED = { status: 401, code: "unauthorized", message: "Access token is invalid" };

describe("auth", () => {
  it("answers 401 with WWW-Authenticate without a key or with a malformed one", async () => {
    const variants: Record<string, string>[] = [
      {},
      { Authorization: "Token app-embedded-workflow" },
      { Authorization: "Bearer nope" },
    ];
    for (const headers of variants) {
      const response = await fetch(`${env.server.url}/parameters`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="api"');
      expect(await response.json()).toEqual(UNAUTHORIZED);
    }
  });

  it("refuses the dataset key on app endpoints and app keys on dataset endpoints", async () => {
    const app = await env.client.get("/parameters", { key: env.client.datasetKey });
    expect(app.status).toBe(401);
    expect(await app.json()).toEqual(UNAUTHORIZED);
    const dataset = await env.client.get(
      "/datasets/demo-dataset/documents/doc-pricing/segments/seg-pricing-1",
      { key: env.client.workflowKey },
    );
    expect(dataset.status).toBe(401);
    expect(await dataset.json()).toEqual(UNAUTHORIZED);
  });

  it("answers 404 not_found for an unknown route", async () => {
    const response = await env.client.get("/nothing-here");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe("not_found");
  });
});

describe("GET /parameters", () => {
  it("returns the 12 keys with the app's own user_input_form", async () => {
    const body = (await (await env.client.get("/parameters")).json()) as Record<string, unknown>;
    expect(Object.keys(body)).toHaveLength(12);
    expect(body.system_parameters).toEqual({
      file_size_limit: 15,
      image_file_size_limit: 10,
      audio_file_size_limit: 50,
      video_file_size_limit: 100,
      workflow_file_upload_limit: 10,
    });
    expect(body.user_input_form).toContainEqual({
      "text-input": {
        label: "Topic",
        variable: "topic",
        required: true,
        default: "",
        max_length: 120,
      },
    });
    const chat = (await (
      await env.client.get("/parameters", { key: env.client.chatflowKey })
    ).json()) as {
      user_input_form: unknown[];
    };
    expect(chat.user_input_form).not.toEqual(body.user_input_form);
  });

  it("answers 400 app_unavailable when configured so", async () => {
    await env.client.admin.request("/config", { body: { appUnavailable: true } });
    const response = await env.client.get("/parameters");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      code: "app_unavailable",
      message: "App unavailable, please check your app configurations.",
    });
  });

  it("answers 400 invalid_param for a body that is not JSON", async () => {
    const response = await fetch(`${env.server.url}/workflows/run`, {
      method: "POST",
      headers: { ...env.client.auth(env.client.workflowKey), "Content-Type": "application/json" },
      body: "{nope",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("invalid_param");
  });
});

describe("admin", () => {
  it("records /v1 calls without the query and can clear them", async () => {
    await env.client.admin.request("/calls", { method: "DELETE" });
    await env.client.get("/parameters?x=1");
    await fetch(`${env.server.url}/parameters`);
    const { calls } = (await (await env.client.admin.request("/calls")).json()) as {
      calls: Record<string, unknown>[];
    };
    expect(calls.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: "GET", path: "/v1/parameters", status: 200 },
      { method: "GET", path: "/v1/parameters", status: 401 },
    ]);
    expect(await (await env.client.admin.request("/health")).json()).toEqual({ ok: true });
  });

  it("starts a demo run that waits for its pause", async () => {
    const run = await env.client.demoRun({ user: "zoe", app: "chatflow" });
    expect(run.user).toBe("zoe");
    expect(await env.client.formStatus(run.form_token)).toMatchObject({
      status: "open",
      submission: null,
    });
  });
});

describe("guards", () => {
  // node:http, to send any Host header (a rebound DNS name arrives as its own Host).
  function raw(
    path: string,
    options: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request(
        `${env.server.origin}${path}`,
        { method: options.method ?? "GET", headers: options.headers },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end(options.body);
    });
  }
  const token = () => ({ [ADMIN_TOKEN_HEADER]: env.server.adminToken });

  it("answers only its own loopback host", async () => {
    for (const host of ["evil.example", `evil.example:${env.server.port}`, "127.0.0.1:1"]) {
      const response = await raw("/_embedded/health", { headers: { host } });
      expect(response.status, host).toBe(421);
      expect((await raw("/v1/parameters", { headers: { host } })).status, host).toBe(421);
    }
    for (const host of [`127.0.0.1:${env.server.port}`, `localhost:${env.server.port}`]) {
      expect((await raw("/_embedded/health", { headers: { host } })).status, host).toBe(200);
    }
  });

  it("needs the admin token on admin routes, and JSON on admin writes", async () => {
    const json = { "content-type": "application/json" };
    expect((await raw("/_embedded/calls")).status).toBe(401);
    expect((await raw("/_embedded/calls", { headers: { [ADMIN_TOKEN_HEADER]: "x" } })).status).toBe(
      401,
    );
    const body = JSON.stringify({ user: "mallory" });
    expect(
      (await raw("/_embedded/demo-runs", { method: "POST", headers: json, body })).status,
    ).toBe(401);
    for (const type of ["text/plain", "application/x-www-form-urlencoded", ""]) {
      const response = await raw("/_embedded/demo-runs", {
        method: "POST",
        headers: { ...token(), ...(type ? { "content-type": type } : {}) },
        body,
      });
      expect(response.status, type).toBe(415);
    }
    expect((await raw("/_embedded/calls", { headers: token() })).status).toBe(200);
    expect((await raw("/_embedded/portal?src=x")).status).toBe(200);
  });

  it("routes /v1 and /_embedded through one table: 405 for a held path, 404 otherwise", async () => {
    const wrongMethod = await raw("/_embedded/calls", {
      method: "PUT",
      headers: { ...token(), "content-type": "application/json" },
    });
    expect(wrongMethod.status).toBe(405);
    expect(JSON.parse(wrongMethod.body)).toEqual({
      status: 405,
      code: "method_not_allowed",
      message: "The method is not allowed for the requested URL.",
    });
    expect((await raw("/_embedded/nothing", { headers: token() })).status).toBe(404);
    // Without the token no admin path is revealed, held or not.
    expect((await raw("/_embedded/nothing")).status).toBe(401);
    expect((await raw("/v1/parameters", { method: "DELETE" })).status).toBe(405);
  });

  it("mounts only absolute http(s) loopback URLs in the portal page", async () => {
    const page = (await raw("/_embedded/portal")).body;
    const script = /<script>([\s\S]*)<\/script>/.exec(page)?.[1] ?? "";
    const source = /function frameSource[\s\S]*?\n {2}}\n/.exec(script)?.[0] ?? "";
    // The page's own function, run as the browser would (with URL, and nothing of the page).
    const mounted = runInNewContext(`(${source})`, { URL }) as (raw: string | null) => URL | null;
    const frameSource = (raw: string | null) => mounted(raw)?.href ?? null;
    expect(frameSource("http://127.0.0.1:3000/form/t?x=1")).toBe(
      "http://127.0.0.1:3000/form/t?x=1",
    );
    expect(frameSource("http://localhost:3000/")).toBe("http://localhost:3000/");
    for (const bad of [
      "javascript:alert(document.domain)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "//127.0.0.1:3000/",
      "/_embedded/calls",
      "https://evil.example/",
      null,
    ]) {
      expect(frameSource(bad), String(bad)).toBeNull();
    }
  });
});
