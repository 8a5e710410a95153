import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "undici";
import { formLinkQuery } from "@/lib/form/form-link";
import { FORM_LINK_HEADER } from "@/lib/form/form-link-header";
import { withFormLink } from "@/lib/server/with-form-link";
import { serveForTest } from "@/lib/tools/test/serve-for-test";

const SECRET = "with-form-link-test-secret-0123456789abcdef";
vi.mock("@/lib/server/env", () => ({
  getEnv: () => ({
    formLinkSecret: SECRET,
    allowUnsignedLinks: false,
    appOrigin: "http://app.test",
    trustProxyHeaders: false,
  }),
}));

beforeEach(() => vi.spyOn(console, "info").mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

const now = Math.floor(Date.now() / 1000);
const claims = { token: "form-token-1", run: "run-1", user: "alice", exp: now + 3600 };

const seen = vi.fn((_request: unknown, link: unknown) =>
  Promise.resolve({ status: 200, json: { link } }),
);
const routes = {
  GET: withFormLink("forms.test", seen),
  POST: withFormLink("forms.test", seen, { sameOrigin: true }),
};
let server: Awaited<ReturnType<typeof serveForTest>>;
beforeAll(async () => {
  server = await serveForTest((req, res) => {
    const token = decodeURIComponent(req.url!.slice("/api/forms/".length));
    void routes[req.method as "GET" | "POST"](req, res, { token });
  });
});
afterAll(() => server.close());
beforeEach(() => seen.mockClear());

async function call(options: { token?: string; link?: string; origin?: string; method?: string }) {
  const headers: Record<string, string> = {};
  if (options.link !== undefined) headers[FORM_LINK_HEADER] = options.link;
  if (options.origin) headers.origin = options.origin;
  const token = options.token ?? claims.token;
  const answer = await request(`${server.origin}/api/forms/${encodeURIComponent(token)}`, {
    method: (options.method ?? "GET") as "GET",
    headers,
  });
  return {
    status: answer.statusCode,
    headers: answer.headers,
    json: await answer.body.json(),
  };
}

describe("withFormLink", () => {
  it("hands a valid link's token and claims to the handler, with the API headers", async () => {
    const answer = await call({ link: formLinkQuery(claims, SECRET) });
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(answer.json).toEqual({
      link: { token: claims.token, claims: { ...claims, scope: "form" } },
    });
  });

  it.each([
    ["no link at all", undefined, "link_missing"],
    ["a link without a user", "", "link_missing"],
    [
      "a tampered link",
      formLinkQuery(claims, SECRET).replace("user=alice", "user=mallory"),
      "link_invalid",
    ],
    ["a link signed with another secret", formLinkQuery(claims, "x".repeat(40)), "link_invalid"],
    ["an expired link", formLinkQuery({ ...claims, exp: now - 60 }, SECRET), "link_expired"],
  ])("refuses %s with 403 %s, before the handler runs", async (_what, link, code) => {
    const answer = await call({ link });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ status: 403, code });
    expect(seen).not.toHaveBeenCalled();
  });

  it("refuses a link made for another token", async () => {
    const answer = await call({ token: "other-token", link: formLinkQuery(claims, SECRET) });
    expect(answer.json).toMatchObject({ code: "link_invalid" });
    expect(seen).not.toHaveBeenCalled();
  });

  it("checks the token as an id first, with the issue's path", async () => {
    const answer = await call({ token: "bad..id", link: formLinkQuery(claims, SECRET) });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: "invalid_request", issues: [{ path: "token" }] });
  });

  it("refuses another site's write before reading the link", async () => {
    const answer = await call({ method: "POST", origin: "http://evil.test" });
    expect(answer.json).toMatchObject({ status: 403, code: "forbidden_origin" });
    expect(seen).not.toHaveBeenCalled();
  });
});
