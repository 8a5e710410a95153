import { beforeEach, describe, expect, it, vi } from "vitest";

// The cookie jar of one request, as next/headers gives it to a route handler.
const jar = new Map<string, { value: string; options?: Record<string, unknown> }>();
vi.mock("next/headers", () => ({
  cookies: () =>
    Promise.resolve({
      get: (name: string) => jar.get(name),
      set: (name: string, value: string, options: Record<string, unknown>) =>
        jar.set(name, { value, options }),
    }),
}));

const { getOrCreateAnonymousUser, verifyAnonymousCookie } =
  await import("@/lib/server/launcher/anonymous-user");

const request = (url: string, headers: Record<string, string> = {}) =>
  new Request(url, { headers: { host: new URL(url).host, ...headers } });

beforeEach(() => jar.clear());

describe("the launcher's anonymous user cookie", () => {
  it("is signed, and only a value with its signature names a user", async () => {
    const user = await getOrCreateAnonymousUser(request("http://app.test/"));
    const cookie = jar.get("hi_anon_user")!;
    expect(cookie.value.startsWith(`${user}.`)).toBe(true);
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: "lax", secure: false });
    expect(verifyAnonymousCookie(cookie.value)).toBe(user);
    expect(await getOrCreateAnonymousUser(request("http://app.test/"))).toBe(user);

    const other = "anon-00000000-0000-4000-8000-000000000000";
    for (const planted of [other, `${other}.${cookie.value.split(".")[1]}`, `${user}.x`, ""]) {
      expect(verifyAnonymousCookie(planted), planted).toBeNull();
      jar.set("hi_anon_user", { value: planted });
      expect(await getOrCreateAnonymousUser(request("http://app.test/")), planted).not.toBe(other);
    }
  });

  it("is named __Host-… and Secure over HTTPS", async () => {
    vi.stubEnv("APP_ORIGIN", "https://forms.example.com");
    vi.resetModules();
    const fresh = await import("@/lib/server/launcher/anonymous-user");
    await fresh.getOrCreateAnonymousUser(request("http://10.0.0.5:3000/"));
    vi.unstubAllEnvs();
    expect(jar.get("hi_anon_user")).toBeUndefined();
    expect(jar.get("__Host-hi_anon_user")?.options).toMatchObject({ secure: true, path: "/" });
  });
});
