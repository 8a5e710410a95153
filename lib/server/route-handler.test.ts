import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { EnvError } from "@/lib/errors/env-error";
import { API_RESPONSE_HEADERS } from "@/lib/server/http/response-headers";
import * as z from "zod/mini";
import { defineRoute, endpoint, handleRoute } from "@/lib/server/route-handler";

afterEach(() => vi.restoreAllMocks());

describe("handleRoute", () => {
  it("turns a thrown ApiError into the envelope and logs one line without secrets", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const handler = handleRoute("/api/forms/[token]", () =>
      Promise.reject(ApiError.of("link_invalid", "bad link")),
    );
    const response = await handler(
      new Request("http://x/api/forms/t?user=alice", {
        headers: { "x-request-id": "req-12345678", "x-form-link": "sig=SECRET" },
      }),
      {},
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      status: 403,
      code: "link_invalid",
      message: "bad link",
    });
    expect(response.headers.get("x-request-id")).toBe("req-12345678");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(log).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(log.mock.calls[0]![0])) as Record<string, unknown>;
    expect(line).toMatchObject({
      route: "/api/forms/[token]",
      method: "GET",
      status: 403,
      code: "link_invalid",
      upstream_status: null,
      request_id: "req-12345678",
    });
    expect(JSON.stringify(line)).not.toMatch(/SECRET|alice/);
  });

  it("hides anything unexpected behind a generic 500", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const handler = handleRoute("x", () => Promise.reject(new Error("db password is hunter2")));
    const response = await handler(new Request("http://x/"), {});
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toContain("hunter2");
    expect(JSON.parse(body)).toMatchObject({ code: "internal_error" });
    expect(String(error.mock.calls[0])).not.toContain("hunter2");
  });

  it("closes the connection after a refusal that leaves the body unread, and only then", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const post = (handler: (request: Request) => Promise<Response>) =>
      handleRoute("x", handler)(new Request("http://x/", { method: "POST", body: "{" }), {});
    const unread = await post(() =>
      Promise.reject(ApiError.of("payload_too_large", "big").leavesBodyUnread()),
    );
    expect(unread.status).toBe(413);
    expect(unread.headers.get("connection")).toBe("close");
    expect(unread.headers.get("x-request-id")).toBeTruthy();
    // The answer ends (and Node closes) only after the linger.
    const answered = Date.now();
    expect(await unread.json()).toMatchObject({ code: "payload_too_large" });
    expect(Date.now() - answered).toBeGreaterThanOrEqual(900);
    const readThenRefused = await post(async (request) => {
      await request.text();
      throw ApiError.of("invalid_request", "bad");
    });
    expect(readThenRefused.headers.get("connection")).toBeNull();
    const served = await post(async (request) => Response.json(await request.text()));
    expect(served.headers.get("connection")).toBeNull();
  });

  it("replaces a malformed incoming request id", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const handler = handleRoute("x", () => Promise.resolve(Response.json({})));
    const response = await handler(
      new Request("http://x/", { headers: { "x-request-id": "<script>" } }),
      {},
    );
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("marks every answer no-store, keeping a stream's own no-store directives", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const plain = handleRoute("x", () => Promise.resolve(Response.json({})));
    expect((await plain(new Request("http://x/"), {})).headers.get("cache-control")).toBe(
      "no-store",
    );
    const cached = handleRoute("x", () =>
      Promise.resolve(new Response("", { headers: { "Cache-Control": "max-age=3600" } })),
    );
    expect((await cached(new Request("http://x/"), {})).headers.get("cache-control")).toBe(
      "no-store",
    );
    const stream = handleRoute("x", () =>
      Promise.resolve(new Response("", { headers: { "Cache-Control": "no-store, no-transform" } })),
    );
    expect((await stream(new Request("http://x/"), {})).headers.get("cache-control")).toBe(
      "no-store, no-transform",
    );
    const failed = handleRoute("x", () => Promise.reject(ApiError.of("not_found", "Gone.")));
    expect((await failed(new Request("http://x/"), {})).headers.get("cache-control")).toBe(
      "no-store",
    );
  });

  it("sets every API header on every answer", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const handler = handleRoute("x", () => Promise.resolve(Response.json({})));
    const response = await handler(new Request("http://x/"), {});
    for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) {
      expect(response.headers.get(name), name).toBe(value);
    }
  });

  it("fails closed with 503 while the configuration is not valid, naming no variable", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const handler = handleRoute("x", () => {
      throw new EnvError(
        "Invalid environment:\n  FORM_LINK_SECRET: must be at least 32 characters",
      );
    });
    const response = await handler(new Request("http://x/"), {});
    expect(response.status).toBe(503);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ code: "server_misconfigured" });
    expect(body).not.toContain("FORM_LINK_SECRET");
  });
});

describe("defineRoute", () => {
  const noParams = { params: Promise.resolve({}) };
  const contract = {
    method: "GET",
    path: "/api/things/[id]",
    params: z.object({ id: z.string().check(z.regex(/^\d+$/, "id must be a number")) }),
    query: z.object({ page: z.optional(z.string()) }),
    answer: z.object({ id: z.string(), page: z.optional(z.string()) }),
  } as const;

  it("answers every method a route does not take with 405, the envelope and Allow", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const post = { method: "POST", path: "/api/things" } as const;
    const route = defineRoute(
      endpoint({ method: "GET", path: "/api/things" }, () => Response.json({})),
      endpoint(post, () => Response.json({})),
    );
    const response = await route.PUT(new Request("http://x/", { method: "PUT" }), noParams);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      status: 405,
      code: "method_not_allowed",
      message: "This route takes GET, HEAD, POST only.",
    });
    // OPTIONS is answered the same way, not by Next's own bare 204.
    const options = await route.OPTIONS(new Request("http://x/", { method: "OPTIONS" }), noParams);
    expect(options.status).toBe(405);
    expect(options.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(options.headers.get("x-content-type-options")).toBe("nosniff");
    // HEAD is answered with GET; a POST-only route refuses GET and HEAD too.
    const head = await route.HEAD(new Request("http://x/", { method: "HEAD" }), noParams);
    expect(head.status).toBe(200);
    const postOnly = defineRoute(endpoint(post, () => Response.json({})));
    for (const method of ["GET", "HEAD", "PUT", "PATCH", "DELETE"] as const) {
      const refused = await postOnly[method](new Request("http://x/", { method }), noParams);
      expect(refused.status, method).toBe(405);
    }
  });

  it("parses params and query by the contract (400 with issues) and names the route by its path", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const route = defineRoute(
      endpoint(contract, ({ params, query }) => ({ ...params, ...query, secret: "dropped" })),
    );
    const ok = await route.GET(new Request("http://x/api/things/7?page=2&page=9"), {
      params: Promise.resolve({ id: "7" }),
    });
    expect(await ok.json()).toEqual({ id: "7", page: "2" });
    const refused = await route.GET(new Request("http://x/api/things/x"), {
      params: Promise.resolve({ id: "x" }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: "invalid_request",
      issues: [{ path: "id", message: "id must be a number" }],
    });
    const line = JSON.parse(String(log.mock.calls[0]![0])) as Record<string, unknown>;
    expect(line.route).toBe("/api/things/[id]");
  });

  it("answers 500 when the handler's own answer breaks its contract", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const route = defineRoute(endpoint(contract, () => ({ id: 7 }) as never));
    const response = await route.GET(new Request("http://x/api/things/7"), {
      params: Promise.resolve({ id: "7" }),
    });
    expect(response.status).toBe(500);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
