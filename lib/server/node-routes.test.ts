import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "undici";
import { answerNodeRoute, installNodeRoutes } from "@/lib/server/node-routes";
import { NODE_ROUTES } from "@/lib/server/node-routes-key";
import { serveForTest } from "@/lib/tools/test/serve-for-test";

// Which requests the app's server answers itself (the form routes) and which it leaves to Next,
// with the route handlers replaced by recorders.

const { calls, recorder } = vi.hoisted(() => {
  const calls: { route: string; token: string }[] = [];
  const recorder =
    (route: string) =>
    (
      _req: unknown,
      res: { writeHead(status: number): { end(body: string): void } },
      params: { token: string },
    ) => {
      calls.push({ route, token: params.token });
      res.writeHead(200).end(route);
      return Promise.resolve();
    };
  return { calls, recorder };
});
vi.mock("@/lib/server/form/form-routes", () => ({
  getForm: recorder("get"),
  submitForm: recorder("submit"),
  uploadFormFile: recorder("upload"),
  formRunEvents: recorder("events"),
  formNextLink: recorder("next-link"),
}));

let server: Awaited<ReturnType<typeof serveForTest>>;
beforeAll(async () => {
  server = await serveForTest((req, res) => {
    if (!answerNodeRoute(req, res)) res.writeHead(299).end("next");
  });
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  vi.spyOn(console, "info").mockImplementation(() => undefined);
});

async function call(method: string, path: string) {
  const answer = await request(`${server.origin}${path}`, { method: method as "GET" });
  return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
}

describe("answerNodeRoute", () => {
  it.each([
    ["GET", "/api/forms/tok", "get"],
    ["POST", "/api/forms/tok", "submit"],
    ["POST", "/api/forms/tok/files", "upload"],
    ["GET", "/api/forms/tok/events?x=1", "events"],
    ["POST", "/api/forms/tok/next-link", "next-link"],
  ])("answers %s %s itself", async (method, path, route) => {
    expect(await call(method, path)).toMatchObject({ status: 200, text: route });
    expect(calls).toEqual([{ route, token: "tok" }]);
  });

  it("hands the route the token decoded, for the route to check as an id", async () => {
    await call("GET", "/api/forms/a%2Fb");
    expect(calls).toEqual([{ route: "get", token: "a/b" }]);
  });

  it("answers a method the route does not take with 405, naming those it takes", async () => {
    const answer = await call("PUT", "/api/forms/tok");
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, POST");
    expect(JSON.parse(answer.text)).toMatchObject({ status: 405, code: "method_not_allowed" });
    expect((await call("GET", "/api/forms/tok/files")).headers.allow).toBe("POST");
    expect(calls).toEqual([]);
  });

  it.each([
    "/api/forms/",
    "/api/forms//files",
    "/api/forms/tok/other",
    "/api/forms/tok/files/more",
    "/api/forms/%E0%A4%A",
    "/api/formsx/tok",
    "/api/launch",
    "/form/tok",
  ])("leaves %s to Next", async (path) => {
    expect(await call("GET", path)).toMatchObject({ status: 299, text: "next" });
    expect(calls).toEqual([]);
  });

  it("is what the app's server finds under the hand-over key", () => {
    installNodeRoutes();
    expect((globalThis as Record<symbol, unknown>)[NODE_ROUTES]).toBe(answerNodeRoute);
  });
});
