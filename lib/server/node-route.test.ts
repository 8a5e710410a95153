import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { request } from "undici";
import { ApiError } from "@/lib/errors/api-error";
import { handleNodeRoute, type NodeRouteHandler } from "@/lib/server/node-route";
import { serveForTest } from "@/lib/tools/test/serve-for-test";

// The form routes' wrapper on Node's request and response: what a caller sees of an answer, an
// error and a stream, and the one log line, as lib/server/route-handler.ts gives Next's routes.

afterEach(() => vi.restoreAllMocks());

let route: NodeRouteHandler<{ id: string }> = () => Promise.resolve({ status: 200, json: {} });
let server: Awaited<ReturnType<typeof serveForTest>>;
beforeAll(async () => {
  const wrapped = handleNodeRoute<{ id: string }>("forms.get", (...args) => route(...args));
  server = await serveForTest((req, res) => void wrapped(req, res, { id: "x" }));
});
afterAll(() => server.close());

async function call(headers: Record<string, string> = {}) {
  const answer = await request(`${server.origin}/api/forms/t?user=alice`, { headers });
  return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
}

describe("handleNodeRoute", () => {
  it("answers JSON with the API headers and logs one line without secrets", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => undefined);
    route = (request, params) =>
      Promise.resolve({ status: 201, json: { method: request.method, params } });
    const answer = await call({ "x-request-id": "req-12345678", "x-form-link": "sig=SECRET" });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.text)).toEqual({ method: "GET", params: { id: "x" } });
    expect(answer.headers).toMatchObject({
      "content-type": "application/json",
      "content-length": String(answer.text.length),
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "x-request-id": "req-12345678",
    });
    expect(log).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(log.mock.calls[0]![0])) as Record<string, unknown>;
    expect(line).toMatchObject({
      msg: "request",
      route: "forms.get",
      method: "GET",
      status: 201,
      upstream_status: null,
      request_id: "req-12345678",
    });
    expect(JSON.stringify(line)).not.toMatch(/SECRET|alice/);
  });

  it("turns a thrown ApiError into its envelope, with its own headers", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    route = () => Promise.reject(ApiError.of("too_many_streams", "Too many.").retryAfter(3));
    const answer = await call({ "x-request-id": "<script>" });
    expect(answer.status).toBe(429);
    expect(JSON.parse(answer.text)).toEqual({
      status: 429,
      code: "too_many_streams",
      message: "Too many.",
    });
    expect(answer.headers["retry-after"]).toBe("3");
    expect(answer.headers["cache-control"]).toBe("no-store");
    // A malformed incoming id is replaced.
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("hides anything unexpected behind a generic 500", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    route = () => Promise.reject(new Error("db password is hunter2"));
    const answer = await call();
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain("hunter2");
    expect(JSON.parse(answer.text)).toMatchObject({ code: "internal_error" });
    expect(String(error.mock.calls[0])).not.toContain("hunter2");
  });

  it("sends a stream's headers at once and keeps its own no-store directives", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    let finish!: () => void;
    route = () =>
      Promise.resolve({
        status: 200,
        headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store, no-transform" },
        stream: (res) => {
          res.write("data: 1\n\n");
          finish = () => res.end("data: 2\n\n");
        },
      });
    const answer = await request(`${server.origin}/x`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store, no-transform");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    // The body ends with the connection: no chunk framing around each event.
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(answer.headers.connection).toBe("close");
    let text = "";
    const ended = new Promise((resolve) => answer.body.once("end", resolve));
    const first = new Promise((resolve) => answer.body.once("data", resolve));
    answer.body.on("data", (chunk: Buffer) => (text += chunk.toString()));
    await first;
    // The first event arrived before the handler ended the stream.
    expect(text).toBe("data: 1\n\n");
    finish();
    await ended;
    expect(text).toBe("data: 1\n\ndata: 2\n\n");
  });

  it("aborts the request's signal when the client goes away", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    let aborted!: Promise<void>;
    route = (request) => {
      aborted = new Promise((resolve) => request.signal.addEventListener("abort", () => resolve()));
      return Promise.resolve({ status: 200, headers: {}, stream: (res) => res.write(":\n\n") });
    };
    const controller = new AbortController();
    const answer = await request(`${server.origin}/x`, { signal: controller.signal });
    await new Promise((resolve) => answer.body.once("data", resolve));
    answer.body.on("error", () => undefined);
    controller.abort();
    await expect(aborted).resolves.toBeUndefined();
  });
});
