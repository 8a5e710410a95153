import { describe, expect, it, vi } from "vitest";
import RateLimiterRes from "rate-limiter-flexible/lib/RateLimiterRes";
import { ApiError } from "@/lib/errors/api-error";
import { consumeOrRefuse, InsuranceLimiter } from "@/lib/server/shared-limits/shared-rate-limiter";

// While Redis is away: each copy counts its share of a limit, and a lockout Redis had carries over.

vi.mock("@/lib/server/ops/metrics", () => ({ countSharedLimitsFallback: vi.fn() }));

const options = { keyPrefix: "test", points: 10, duration: 60 };

describe("InsuranceLimiter", () => {
  it("counts this copy's share of the limit: the limit over the copies last seen", async () => {
    let copies = 2;
    const limiter = new InsuranceLimiter(options, () => copies);
    for (let i = 0; i < 5; i++) await limiter.consume("a");
    await expect(limiter.consume("a")).rejects.toBeInstanceOf(RateLimiterRes);
    copies = 1;
    for (let i = 0; i < 10; i++) await limiter.consume("b");
    await expect(limiter.consume("b")).rejects.toBeInstanceOf(RateLimiterRes);
  });
});

describe("consumeOrRefuse", () => {
  it("keeps a refusal from Redis in memory, so the lockout holds should Redis go away", async () => {
    const insurance = new InsuranceLimiter(options, () => 1);
    const redisLimiter = {
      insuranceLimiter: insurance,
      consume: vi.fn().mockRejectedValue(new RateLimiterRes(0, 30_000, 11, false)),
    };
    await expect(
      consumeOrRefuse(redisLimiter as never, "locked", "Too many."),
    ).rejects.toBeInstanceOf(ApiError);
    // Redis gone: the insurance answers, and the key is still locked out.
    await expect(insurance.consume("locked")).rejects.toBeInstanceOf(RateLimiterRes);
    await insurance.consume("someone-else");
  });
});
