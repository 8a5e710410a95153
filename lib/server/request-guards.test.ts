import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Guards from "@/lib/server/request-guards";
import { forgetProcessState } from "@/lib/tools/test/forget-process-state";

let guards: typeof Guards;

const PORTAL = "portal-secret-0123456789abcdef-01";
const BACKEND = "backend-secret-0123456789abcdef-1";
const PEOPLE = "people-secret-0123456789abcdef-12";
const METRICS = "metrics-secret-0123456789abcdef-1";

beforeEach(async () => {
  vi.resetModules();
  forgetProcessState();
  vi.unstubAllEnvs();
  vi.stubEnv("PORTAL_API_TOKEN", PORTAL);
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

/** A knowledge request from one client address (the nearest X-Forwarded-For hop). */
const from = (address: string, headers: Record<string, string> = {}) =>
  new Request("http://app.internal:3000/api/datasets", {
    headers: { "x-forwarded-for": address, ...headers },
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const unauthorized: unknown = expect.objectContaining({ status: 401, code: "unauthorized" });

async function withEnv(values: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  return import("@/lib/server/request-guards");
}

describe("requirePortalToken", () => {
  it("accepts the configured bearer token", async () => {
    await expect(guards.requirePortalToken(post(bearer(PORTAL)))).resolves.toBeUndefined();
  });

  it.each([
    ["no header", {}],
    ["a wrong token", bearer(`${PORTAL.slice(0, -1)}X`)],
    ["a longer token", bearer(`${PORTAL}2`)],
    ["a shorter token", bearer(PORTAL.slice(0, -1))],
    ["another scheme", { authorization: `Basic ${PORTAL}` }],
  ])("refuses %s with 401", async (_name, headers) => {
    await expect(guards.requirePortalToken(post(headers))).rejects.toThrow(unauthorized);
  });

  it("refuses every token alike when none is configured, naming no variable", async () => {
    const unconfigured = await withEnv({ PORTAL_API_TOKEN: "" });
    const refusal = unconfigured.requirePortalToken(post(bearer(PORTAL)));
    await expect(refusal).rejects.toThrow(unauthorized);
    await expect(refusal).rejects.toThrow("A valid portal token is required");
  });

  it("accepts each named token and the unnamed one, and notes the name for the log line", async () => {
    const named = await withEnv({ PORTAL_API_TOKENS: `backend:${BACKEND} people:${PEOPLE}` });
    const { requestContext } = await import("@/lib/server/request-context");
    const callerOf = async (token: string) => {
      const store = { requestId: "r", upstreamStatus: null } as {
        caller?: string;
      } & Parameters<typeof requestContext.run>[0];
      await requestContext.run(store, () => named.requirePortalToken(post(bearer(token))));
      return store.caller;
    };
    expect(await callerOf(BACKEND)).toBe("backend");
    expect(await callerOf(PEOPLE)).toBe("people");
    expect(await callerOf(PORTAL)).toBe("PORTAL_API_TOKEN");
  });

  it("refuses a named token once it is removed", async () => {
    const revoked = await withEnv({ PORTAL_API_TOKENS: `people:${PEOPLE}` });
    await expect(revoked.requirePortalToken(post(bearer(BACKEND)))).rejects.toThrow(unauthorized);
    await expect(revoked.requirePortalToken(post(bearer(PEOPLE)))).resolves.toBeUndefined();
  });
});

describe("the throttle of wrong tokens per client address", () => {
  const throttled: unknown = expect.objectContaining({ status: 429, code: "too_many_requests" });

  it("answers 429 with Retry-After after MAX_AUTH_FAILURES_PER_ADDRESS wrong tokens, never to a right one", async () => {
    const limited = await withEnv({
      TRUST_PROXY_HEADERS: "true",
      MAX_AUTH_FAILURES_PER_ADDRESS: "3",
      AUTH_FAILURE_WINDOW_SECONDS: "60",
    });
    for (let i = 0; i < 3; i++) {
      await expect(
        limited.requirePortalToken(from("203.0.113.7", bearer(`wrong-${i}`))),
      ).rejects.toThrow(unauthorized);
    }
    const refusal = await limited
      .requirePortalToken(from("203.0.113.7", bearer("wrong-again")))
      .catch((error: unknown) => error);
    expect(refusal).toEqual(throttled);
    // Others' wrong guesses never refuse a right token from the same address.
    await expect(
      limited.requirePortalToken(from("203.0.113.7", bearer(PORTAL))),
    ).resolves.toBeUndefined();
    expect((refusal as { headers: Record<string, string> }).headers["Retry-After"]).toBe("60");
    // No token at all is answered 429 too while the address is throttled.
    await expect(limited.requirePortalToken(from("203.0.113.7"))).rejects.toThrow(throttled);
    // Another address is not throttled.
    await expect(
      limited.requirePortalToken(from("198.51.100.4", bearer(PORTAL))),
    ).resolves.toBeUndefined();
  });

  it("counts wrong tokens only: right tokens and missing headers do not use up the limit", async () => {
    const limited = await withEnv({
      TRUST_PROXY_HEADERS: "true",
      MAX_AUTH_FAILURES_PER_ADDRESS: "2",
    });
    for (let i = 0; i < 5; i++) {
      await limited.requirePortalToken(from("203.0.113.8", bearer(PORTAL)));
      await expect(limited.requirePortalToken(from("203.0.113.8"))).rejects.toThrow(unauthorized);
    }
    await expect(limited.requirePortalToken(from("203.0.113.8", bearer("wrong")))).rejects.toThrow(
      unauthorized,
    );
    await expect(limited.requirePortalToken(from("203.0.113.8", bearer(PORTAL)))).resolves.toBe(
      undefined,
    );
  });

  it("counts parallel guesses: no more than the limit are answered 401", async () => {
    const limited = await withEnv({
      TRUST_PROXY_HEADERS: "true",
      MAX_AUTH_FAILURES_PER_ADDRESS: "3",
    });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        limited.requirePortalToken(from("203.0.113.9", bearer(`guess-${i}`))),
      ),
    );
    const codes = results.map((result) =>
      result.status === "rejected" ? (result.reason as { code: string }).code : "ok",
    );
    expect(codes.filter((code) => code === "unauthorized")).toHaveLength(3);
    expect(codes.filter((code) => code === "too_many_requests")).toHaveLength(7);
  });

  it("guards the metrics token the same way", async () => {
    const limited = await withEnv({
      TRUST_PROXY_HEADERS: "true",
      METRICS_TOKEN: METRICS,
      MAX_AUTH_FAILURES_PER_ADDRESS: "1",
    });
    await expect(
      limited.requireMetricsToken(from("203.0.113.10", bearer(METRICS))),
    ).resolves.toBeUndefined();
    await expect(
      limited.requireMetricsToken(from("203.0.113.10", bearer("wrong"))),
    ).rejects.toThrow(unauthorized);
    await expect(
      limited.requireMetricsToken(from("203.0.113.10", bearer("wrong-again"))),
    ).rejects.toThrow(throttled);
    await expect(
      limited.requireMetricsToken(from("203.0.113.10", bearer(METRICS))),
    ).resolves.toBeUndefined();
  });

  it("without a trusted proxy, a forged X-Forwarded-For buys no extra guesses", async () => {
    const limited = await withEnv({ MAX_AUTH_FAILURES_PER_ADDRESS: "2" });
    for (let i = 0; i < 2; i++) {
      await expect(
        limited.requirePortalToken(from(`203.0.113.${20 + i}`, bearer(`wrong-${i}`))),
      ).rejects.toThrow(unauthorized);
    }
    await expect(
      limited.requirePortalToken(from("203.0.113.30", bearer("wrong-again"))),
    ).rejects.toThrow(throttled);
    // Whoever holds the right token still gets in.
    await expect(
      limited.requirePortalToken(from("203.0.113.31", bearer(PORTAL))),
    ).resolves.toBeUndefined();
  });

  it("answers a wrong token slowly and a right one at once", async () => {
    const limited = await withEnv({ TRUST_PROXY_HEADERS: "true" });
    let started = performance.now();
    await expect(limited.requirePortalToken(from("203.0.113.40", bearer("wrong")))).rejects.toThrow(
      unauthorized,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    started = performance.now();
    await limited.requirePortalToken(from("203.0.113.40", bearer(PORTAL)));
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe("the request's log line", () => {
  it("names the portal token that opened it, never the token", async () => {
    const named = await withEnv({ PORTAL_API_TOKENS: `backend:${BACKEND}` });
    const { handleRoute } = await import("@/lib/server/route-handler");
    const log = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const route = handleRoute("/api/datasets", async (request) => {
      await named.requirePortalToken(request);
      return Response.json({});
    });
    expect((await route(post(bearer(BACKEND)), {})).status).toBe(200);
    expect((await route(post(bearer(`${BACKEND}x`)), {})).status).toBe(401);
    const lines = log.mock.calls.map(([line]) => String(line));
    log.mockRestore();
    expect(JSON.parse(lines[0]!)).toMatchObject({ status: 200, token_name: "backend" });
    expect(JSON.parse(lines[1]!)).not.toHaveProperty("token_name");
    expect(lines.join("\n")).not.toContain(BACKEND);
  });
});

describe("requireOwnHost", () => {
  const misdirected: unknown = expect.objectContaining({
    status: 421,
    code: "misdirected_request",
  });
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
