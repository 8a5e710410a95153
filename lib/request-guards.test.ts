import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Guards from "@/lib/request-guards";

let guards: typeof Guards;

beforeEach(async () => {
  vi.resetModules();
  vi.stubEnv("PORTAL_API_TOKEN", "portal-secret");
  guards = await import("@/lib/request-guards");
});

const post = (headers: Record<string, string>) =>
  new Request("http://app.internal:3000/api/forms/t", { method: "POST", headers });

describe("requireSameOrigin", () => {
  it("accepts the app's own origin, also behind a proxy", () => {
    expect(() =>
      guards.requireSameOrigin(
        post({ origin: "http://app.internal:3000", host: "app.internal:3000" }),
      ),
    ).not.toThrow();
    expect(() =>
      guards.requireSameOrigin(
        post({
          origin: "https://forms.example.com",
          host: "10.0.0.5:3000",
          "x-forwarded-host": "forms.example.com",
        }),
      ),
    ).not.toThrow();
  });

  it.each([
    ["another origin", { origin: "https://evil.example", host: "app.internal:3000" }],
    ["no origin", { host: "app.internal:3000" }],
    ["a garbled origin", { origin: "not a url", host: "app.internal:3000" }],
    ["a null origin", { origin: "null", host: "app.internal:3000" }],
  ])("refuses %s with 403 forbidden_origin", (_name, headers) => {
    expect(() => guards.requireSameOrigin(post(headers))).toThrow(
      expect.objectContaining({ status: 403, code: "forbidden_origin" }),
    );
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
    const unconfigured = await import("@/lib/request-guards");
    expect(() => unconfigured.requirePortalToken(post({ authorization: "Bearer " }))).toThrow(
      /PORTAL_API_TOKEN is not set/,
    );
  });
});
