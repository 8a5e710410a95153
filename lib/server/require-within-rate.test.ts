import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { forgetProcessState } from "@/lib/tools/test/forget-process-state";

// The per-address rates against small limits: who shares a count, what a refusal says, and that
// a window's end gives the address its rate back.

// Small rates over the environment as each test sets it.
vi.mock("@/lib/server/env", async () => {
  const { parseEnv } = await import("@/lib/server/env-schema");
  const limits = {
    rateWindowSeconds: 60,
    LAUNCH_RATE_PER_MINUTE: 2,
    UPLOAD_RATE_PER_MINUTE: 3,
    NEXT_LINK_RATE_PER_MINUTE: 1,
  };
  return {
    getEnv: () => {
      const env = parseEnv(process.env);
      return { ...env, limits: { ...env.limits, ...limits } };
    },
  };
});
const { requireWithinRate } = await import("@/lib/server/require-within-rate");

const from = (address: string) =>
  new Request("http://app.test/api/launch", {
    method: "POST",
    headers: { "x-forwarded-for": address },
  });

async function refusal(promise: Promise<void>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error("expected a refusal");
  return error;
}

vi.stubEnv("TRUST_PROXY_HEADERS", "true");

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000, toFake: ["Date"] });
  forgetProcessState();
});
afterEach(() => vi.useRealTimers());

describe("requireWithinRate", () => {
  it("refuses an address past its rate with 429 too_many_requests and Retry-After", async () => {
    await requireWithinRate("launch", from("203.0.113.5"));
    await requireWithinRate("launch", from("203.0.113.5"));
    const refused = await refusal(requireWithinRate("launch", from("203.0.113.5")));
    expect(refused.toJSON()).toMatchObject({ status: 429, code: "too_many_requests" });
    expect(refused.headers["Retry-After"]).toBe("60");
    // Another address has a count of its own.
    await requireWithinRate("launch", from("203.0.113.6"));
  });

  it("counts each route apart, and by the nearest X-Forwarded-For entry", async () => {
    await requireWithinRate("next-link", from("198.51.100.1, 203.0.113.7"));
    // A client naming another first hop is still the nearest hop's.
    await expect(
      requireWithinRate("next-link", from("198.51.100.2, 203.0.113.7")),
    ).rejects.toMatchObject({ code: "too_many_requests" });
    for (let i = 0; i < 3; i++) await requireWithinRate("upload", from("203.0.113.7"));
    await expect(requireWithinRate("upload", from("203.0.113.7"))).rejects.toBeInstanceOf(ApiError);
  });

  it("gives the rate back when the window has passed, and says how long is left", async () => {
    await requireWithinRate("next-link", from("203.0.113.8"));
    vi.setSystemTime(1_000_000 + 45_000);
    const refused = await refusal(requireWithinRate("next-link", from("203.0.113.8")));
    expect(refused.headers["Retry-After"]).toBe("15");
    vi.setSystemTime(1_000_000 + 60_001);
    await requireWithinRate("next-link", from("203.0.113.8"));
  });

  it("without a trusted proxy counts every client together, whatever address it names", async () => {
    vi.stubEnv("TRUST_PROXY_HEADERS", "");
    vi.resetModules();
    forgetProcessState();
    const direct = await import("@/lib/server/require-within-rate");
    await direct.requireWithinRate("next-link", from("203.0.113.40"));
    await expect(direct.requireWithinRate("next-link", from("203.0.113.41"))).rejects.toMatchObject(
      { code: "too_many_requests" },
    );
    vi.stubEnv("TRUST_PROXY_HEADERS", "true");
  });

  it("counts a known caller as itself first, so one caller cannot use its address's whole rate", async () => {
    vi.stubEnv("TRUST_PROXY_HEADERS", "");
    vi.resetModules();
    forgetProcessState();
    const direct = await import("@/lib/server/require-within-rate");
    const shared = from("203.0.113.50");
    // One visitor uses its own rate; its refused requests take nothing from the pool.
    for (let i = 0; i < 2; i++) await direct.requireWithinRate("launch", shared, { visitor: "a" });
    for (let i = 0; i < 5; i++)
      expect(
        (await refusal(direct.requireWithinRate("launch", shared, { visitor: "a" }))).message,
      ).toMatch(/from this page/);
    // Another visitor behind the same (unknown) address still launches.
    await direct.requireWithinRate("launch", shared, { visitor: "b" });
    // The pool is POOL_SHARES callers' rates, then the address is refused for everyone.
    for (let i = 3; i < 2 * direct.POOL_SHARES; i++)
      await direct.requireWithinRate("launch", shared, { visitor: `v${i}` });
    expect(
      (await refusal(direct.requireWithinRate("launch", shared, { visitor: "z" }))).message,
    ).toMatch(/from your network address/);
    vi.stubEnv("TRUST_PROXY_HEADERS", "true");
  });

  it("counts link checks apart from uploads, and pools a link's target", async () => {
    for (let i = 0; i < 3; i++)
      await requireWithinRate("link-check", from("203.0.113.60"), { link: "t\nu" });
    await requireWithinRate("upload", from("203.0.113.60"), { link: "t\nu" });
    for (let i = 0; i < 3; i++)
      await requireWithinRate("link-check", from("203.0.113.61"), { visitor: `v${i}` }, [
        "target\nfiles.example",
      ]);
  });
});
