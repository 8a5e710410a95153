import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Guards from "@/lib/server/request-guards";

let guards: typeof Guards;

beforeEach(async () => {
  vi.resetModules();
  vi.unstubAllEnvs();
  vi.stubEnv("PORTAL_API_TOKEN", "portal-secret");
  guards = await import("@/lib/server/request-guards");
});

const post = (headers: Record<string, string>) =>
  new Request("http://app.internal:3000/api/forms/t", { method: "POST", headers });

describe("requireSameOrigin", () => {
  const refused: unknown = expect.objectContaining({ status: 403, code: "forbidden_origin" });

  it("accepts the app's own origin", () => {
    expect(() =>
      guards.requireSameOrigin(
        post({ origin: "http://app.internal:3000", host: "app.internal:3000" }),
      ),
    ).not.toThrow();
  });

  it("takes the origin from a proxy's forwarded headers only with TRUST_PROXY_HEADERS=true", async () => {
    const proxied = {
      origin: "https://forms.example.com",
      host: "10.0.0.5:3000",
      "x-forwarded-host": "forms.example.com",
      "x-forwarded-proto": "https",
    };
    expect(() => guards.requireSameOrigin(post(proxied))).toThrow(refused);
    vi.resetModules();
    vi.stubEnv("TRUST_PROXY_HEADERS", "true");
    guards = await import("@/lib/server/request-guards");
    expect(() => guards.requireSameOrigin(post(proxied))).not.toThrow();
    expect(() =>
      guards.requireSameOrigin(post({ ...proxied, origin: "http://forms.example.com" })),
    ).toThrow(refused);
  });

  it("compares with APP_ORIGIN when it is set, whatever the request says", async () => {
    vi.resetModules();
    vi.stubEnv("APP_ORIGIN", "https://forms.example.com");
    guards = await import("@/lib/server/request-guards");
    expect(() =>
      guards.requireSameOrigin(post({ origin: "https://forms.example.com", host: "10.0.0.5" })),
    ).not.toThrow();
    expect(() =>
      guards.requireSameOrigin(
        post({ origin: "http://app.internal:3000", host: "app.internal:3000" }),
      ),
    ).toThrow(refused);
  });

  it.each([
    ["another origin", { origin: "https://evil.example", host: "app.internal:3000" }],
    ["no origin", { host: "app.internal:3000" }],
    ["a garbled origin", { origin: "not a url", host: "app.internal:3000" }],
    ["a null origin", { origin: "null", host: "app.internal:3000" }],
    ["another port", { origin: "http://app.internal:3001", host: "app.internal:3000" }],
    ["another scheme", { origin: "https://app.internal:3000", host: "app.internal:3000" }],
    ["a sibling subdomain", { origin: "http://evil.app.internal:3000", host: "app.internal:3000" }],
    [
      "a spoofed forwarded host",
      {
        origin: "http://evil.example",
        host: "app.internal:3000",
        "x-forwarded-host": "evil.example",
      },
    ],
  ])("refuses %s with 403 forbidden_origin", (_name, headers) => {
    expect(() => guards.requireSameOrigin(post(headers))).toThrow(refused);
  });
});

describe("requirePortalToken", () => {
  it("accepts the configured bearer token", () => {
    expect(() =>
      guards.requirePortalToken(post({ authorization: "Bearer portal-secret" })),
    ).not.toThrow();
  });

  it.each([
    ["no header", {}],
    ["a wrong token", { authorization: "Bearer portal-secreT" }],
    ["a longer token", { authorization: "Bearer portal-secret-2" }],
    ["another scheme", { authorization: "Basic portal-secret" }],
  ])("refuses %s with 401", (_name, headers) => {
    expect(() => guards.requirePortalToken(post(headers))).toThrow(
      expect.objectContaining({ status: 401, code: "unauthorized" }),
    );
  });

  it("refuses everything when no token is configured", async () => {
    vi.resetModules();
    vi.stubEnv("PORTAL_API_TOKEN", "");
    const unconfigured = await import("@/lib/server/request-guards");
    expect(() => unconfigured.requirePortalToken(post({ authorization: "Bearer " }))).toThrow(
      /PORTAL_API_TOKEN is not set/,
    );
  });
});

describe("requireOwnHost", () => {
  const misdirected: unknown = expect.objectContaining({ status: 421, code: "misdirected_request" });
  const get = (headers: Record<string, string>) =>
    new Request("http://app.internal:3000/api/forms/t", { headers });
  const withEnv = async (env: Record<string, string>) => {
    vi.resetModules();
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    guards = await import("@/lib/server/request-guards");
  };

  it("checks nothing without APP_ORIGIN (development: the Host is the origin)", () => {
    expect(() => guards.requireOwnHost(get({ host: "rebound.example" }))).not.toThrow();
  });

  it("accepts APP_ORIGIN's host (any case, default port or not) and refuses every other", async () => {
    await withEnv({ APP_ORIGIN: "https://forms.example.com" });
    for (const host of ["forms.example.com", "FORMS.example.com", "forms.example.com:443"]) {
      expect(() => guards.requireOwnHost(get({ host })), host).not.toThrow();
    }
    for (const host of [
      "rebound.example",
      "forms.example.com:8443",
      "forms.example.com.evil.example",
      "evil@forms.example.com",
      "forms.example.com/x",
      "",
    ]) {
      expect(() => guards.requireOwnHost(get({ host })), host).toThrow(misdirected);
    }
  });

  it("checks X-Forwarded-Host instead, only with TRUST_PROXY_HEADERS=true", async () => {
    const proxied = { host: "10.0.0.5:3000", "x-forwarded-host": "forms.example.com" };
    await withEnv({ APP_ORIGIN: "https://forms.example.com" });
    expect(() => guards.requireOwnHost(get(proxied))).toThrow(misdirected);
    await withEnv({ APP_ORIGIN: "https://forms.example.com", TRUST_PROXY_HEADERS: "true" });
    expect(() => guards.requireOwnHost(get(proxied))).not.toThrow();
    expect(() =>
      guards.requireOwnHost(get({ ...proxied, "x-forwarded-host": "rebound.example" })),
    ).toThrow(misdirected);
  });
});
