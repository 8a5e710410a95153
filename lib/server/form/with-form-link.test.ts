import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formLinkQuery } from "@/lib/server/form/signed-form-link";
import { FORM_LINK_HEADER } from "@/lib/form/form-link";
import { formRouteParamsSchema as params } from "@/lib/ids/path-ids";
import { withFormLink } from "@/lib/server/form/with-form-link";
import { defineRoute } from "@/lib/server/route-handler";

const path = "/api/forms/[token]";

const SECRET = "with-form-link-test-secret-0123456789abcdef";
// Next's cookie store, over the test request's Cookie header.
const jar = vi.hoisted(() => ({ cookie: "" }));
vi.mock("next/headers", () => ({
  cookies: () =>
    Promise.resolve(
      new Map(
        jar.cookie
          .split("; ")
          .filter(Boolean)
          .map((pair) => {
            const at = pair.indexOf("=");
            return [pair.slice(0, at), { value: decodeURIComponent(pair.slice(at + 1)) }];
          }),
      ),
    ),
}));
vi.mock("@/lib/server/env", () => ({
  getEnv: () => ({
    FORM_LINK_SECRET: SECRET,
    ALLOW_UNSIGNED_LINKS: false,
    APP_ORIGIN: "http://app.test",
    TRUST_PROXY_HEADERS: false,
    limits: { MAX_LINK_TTL: 30 * 86_400 },
  }),
}));

beforeEach(() => vi.spyOn(console, "info").mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

const now = Math.floor(Date.now() / 1000);
const claims = { token: "form-token-1", run: "run-1", user: "alice", exp: now + 3600 };

function call(
  options: {
    token?: string;
    link?: string;
    origin?: string;
    method?: string;
    cookie?: string;
  } = {},
) {
  const seen = vi.fn(({ params, claims }: { params: { token: string }; claims: unknown }) =>
    Response.json({ link: { token: params.token, claims } }),
  );
  const contract = { method: options.method === "POST" ? "POST" : "GET", path, params } as const;
  const route = defineRoute(
    withFormLink(contract, seen, { sameOrigin: options.method === "POST" }),
  );
  const headers: Record<string, string> = {};
  if (options.link !== undefined) headers[FORM_LINK_HEADER] = options.link;
  if (options.origin) headers.origin = options.origin;
  jar.cookie = options.cookie ?? "";
  const token = options.token ?? claims.token;
  const request = new Request(`http://app.test/api/forms/${token}`, {
    method: options.method ?? "GET",
    headers,
  });
  const handler = options.method === "POST" ? route.POST : route.GET;
  return { seen, response: handler(request, { params: Promise.resolve({ token }) }) };
}

describe("withFormLink", () => {
  it("hands a valid link's token and claims to the handler", async () => {
    const { seen, response } = call({ link: formLinkQuery(claims, SECRET) });
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(seen).toHaveBeenCalledTimes(1);
    expect(await answer.json()).toEqual({
      link: {
        token: claims.token,
        claims: { ...claims, scope: "form", view: "full", auth: "link" },
      },
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
    const { seen, response } = call({ link });
    const answer = await response;
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ status: 403, code });
    expect(seen).not.toHaveBeenCalled();
  });

  it("refuses a link made for another token", async () => {
    const { seen, response } = call({ token: "other-token", link: formLinkQuery(claims, SECRET) });
    expect(await (await response).json()).toMatchObject({ code: "link_invalid" });
    expect(seen).not.toHaveBeenCalled();
  });

  it("checks the token as an id first, with the issue's path", async () => {
    const { response } = call({ token: "bad..id", link: formLinkQuery(claims, SECRET) });
    const answer = await response;
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      code: "invalid_request",
      issues: [{ path: "token" }],
    });
  });

  it("refuses another site's write before reading the link", async () => {
    const { seen, response } = call({ method: "POST", origin: "http://evil.test" });
    expect(await (await response).json()).toMatchObject({ status: 403, code: "forbidden_origin" });
    expect(seen).not.toHaveBeenCalled();
  });

  it("refuses a link valid for longer than MAX_LINK_TTL, its signature good", async () => {
    const far = formLinkQuery({ ...claims, exp: now + 31 * 86_400 }, SECRET);
    const { seen, response } = call({ link: far });
    const answer = await response;
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: "link_ttl_exceeded" });
    expect(seen).not.toHaveBeenCalled();
  });

  describe("the link cookie a top-level page traded its link for", () => {
    const cookie = (query: string) => `other=1; hi_form_link=${encodeURIComponent(query)}`;

    it("is read when no header is sent, and verified like the header", async () => {
      const { seen, response } = call({ cookie: cookie(formLinkQuery(claims, SECRET)) });
      expect((await response).status).toBe(200);
      expect(seen).toHaveBeenCalledTimes(1);
      const tampered = formLinkQuery(claims, SECRET).replace("user=alice", "user=mallory");
      const refused = call({ cookie: cookie(tampered) });
      expect(await (await refused.response).json()).toMatchObject({ code: "link_invalid" });
      expect(refused.seen).not.toHaveBeenCalled();
    });

    it("gives way to the header (a framed page, a new link)", async () => {
      const expired = formLinkQuery({ ...claims, exp: now - 60 }, SECRET);
      const { response } = call({ link: expired, cookie: cookie(formLinkQuery(claims, SECRET)) });
      expect(await (await response).json()).toMatchObject({ code: "link_expired" });
    });

    it("is the plain name over http only: a __Secure- one is not read there", async () => {
      const { response } = call({
        cookie: `__Secure-hi_form_link=${encodeURIComponent(formLinkQuery(claims, SECRET))}`,
      });
      expect(await (await response).json()).toMatchObject({ code: "link_missing" });
    });
  });
});
