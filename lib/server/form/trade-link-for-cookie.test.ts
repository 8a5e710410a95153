import { beforeEach, describe, expect, it, vi } from "vitest";
import { formLinkQuery } from "@/lib/server/form/signed-form-link";
import { tradeLinkForCookie } from "@/lib/server/form/trade-link-for-cookie";

const SECRET = "trade-link-test-secret-0123456789abcdef";
const env = {
  FORM_LINK_SECRET: SECRET,
  ALLOW_UNSIGNED_LINKS: false,
  APP_ORIGIN: "http://app.test" as string | undefined,
  TRUST_PROXY_HEADERS: false,
  limits: { MAX_LINK_TTL: 30 * 86_400, linkCookieMaxChars: 3_800 },
};
vi.mock("@/lib/server/env", () => ({ getEnv: () => env }));

beforeEach(() => {
  env.APP_ORIGIN = "http://app.test";
});

const now = Math.floor(Date.now() / 1000);
const claims = { token: "Form_Token-1", run: "run-1", user: "alice@example.com", exp: now + 3600 };
const query = formLinkQuery({ ...claims, scope: "run" }, SECRET);

function open(
  path: string,
  headers: Record<string, string> = { "sec-fetch-dest": "document" },
  method = "GET",
) {
  return tradeLinkForCookie(new Request(`http://app.test${path}`, { method, headers }));
}

describe("tradeLinkForCookie", () => {
  it("trades a top-level link for a cookie on the page's and the API's path, then 303s to the clean address", () => {
    const response = open(`/form/${claims.token}?${query}&lang=ja&theme=dark`);
    expect(response?.status).toBe(303);
    expect(response?.headers.get("location")).toBe(
      `http://app.test/form/${claims.token}?lang=ja&theme=dark`,
    );
    const cookies = response!.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    const sorted = (params: URLSearchParams) => [...params].sort(([a], [b]) => a.localeCompare(b));
    for (const [index, path] of [`/form/${claims.token}`, `/api/forms/${claims.token}`].entries()) {
      const cookie = cookies[index]!;
      expect(cookie).toMatch(
        new RegExp(`^hi_form_link=[^;]+; Path=${path}; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
      );
      // Every link parameter (the signature, the scope) goes into the cookie, none stays behind.
      const value = decodeURIComponent(cookie.slice("hi_form_link=".length, cookie.indexOf(";")));
      expect(sorted(new URLSearchParams(value))).toEqual(sorted(new URLSearchParams(query)));
      // Until the link expires.
      const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)![1]);
      expect(maxAge).toBeGreaterThan(3590);
      expect(maxAge).toBeLessThanOrEqual(3600);
    }
  });

  it("answers the plain path with no query at all", () => {
    expect(open(`/form/${claims.token}?${query}`)?.headers.get("location")).toBe(
      `http://app.test/form/${claims.token}`,
    );
  });

  it("names the cookie __Secure- and marks it Secure over HTTPS", () => {
    env.APP_ORIGIN = "https://forms.example.com";
    const cookies = open(`/form/${claims.token}?${query}`)!.headers.getSetCookie();
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Secure-hi_form_link=.*; HttpOnly; SameSite=Lax; Secure$/);
    }
  });

  it.each([
    ["in a frame (the cookie would be third-party)", { "sec-fetch-dest": "iframe" }],
    ["without Fetch Metadata (an older browser, a script)", {}],
    ["as a fetch", { "sec-fetch-dest": "empty" }],
  ])("leaves the link in the address %s", (_what, headers) => {
    expect(open(`/form/${claims.token}?${query}`, headers)).toBeNull();
  });

  it("leaves a link that does not verify to the page, which says why", () => {
    const tampered = query.replace("user=alice", "user=mallory");
    const expired = formLinkQuery({ ...claims, exp: now - 60 }, SECRET);
    const tooLong = formLinkQuery({ ...claims, exp: now + 31 * 86_400 }, SECRET);
    for (const bad of [tampered, expired, tooLong, `user=alice`]) {
      expect(open(`/form/${claims.token}?${bad}`), bad).toBeNull();
    }
  });

  it("trades only a form page's link, on GET, for a well-formed token, that fits a cookie", () => {
    expect(open(`/form/${claims.token}`)).toBeNull();
    expect(open(`/form/${claims.token}?lang=ja`)).toBeNull();
    expect(open(`/?${query}`)).toBeNull();
    expect(open(`/form/${claims.token}/x?${query}`)).toBeNull();
    expect(open(`/form/bad..token?${query}`)).toBeNull();
    expect(
      open(`/form/${claims.token}?${query}`, { "sec-fetch-dest": "document" }, "POST"),
    ).toBeNull();
    const huge = formLinkQuery({ ...claims, user: "u".repeat(3_900) }, SECRET);
    expect(open(`/form/${claims.token}?${huge}`)).toBeNull();
  });
});
