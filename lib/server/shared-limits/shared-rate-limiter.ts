import "server-only";
import type { IRateLimiterOptions, RateLimiterAbstract } from "rate-limiter-flexible";
import RateLimiterMemory from "rate-limiter-flexible/lib/RateLimiterMemory";
import RateLimiterRedis from "rate-limiter-flexible/lib/RateLimiterRedis";
import RateLimiterRes from "rate-limiter-flexible/lib/RateLimiterRes";
import { ApiError } from "@/lib/errors/api-error";
import { countSharedLimitsFallback } from "@/lib/server/ops/metrics";
import { processState } from "@/lib/server/ops/process-state";
import { knownCopies, sharedRedis } from "@/lib/server/shared-limits/shared-store";

/**
 * This copy's memory, standing in for Redis while it cannot be reached; each use is counted. It
 * holds this copy's share of the limit (the limit ÷ the copies last seen), not a fresh full count.
 */
export class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: Required<Pick<IRateLimiterOptions, "points" | "duration">> & { keyPrefix: string },
    private readonly copies: () => number,
  ) {
    super(options);
    this.full = options.points;
  }
  private readonly full: number;

  override consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    countSharedLimitsFallback();
    this.points = Math.max(1, Math.floor(this.full / Math.max(1, this.copies())));
    return super.consume(...args);
  }
  override get(...args: Parameters<RateLimiterMemory["get"]>) {
    countSharedLimitsFallback();
    return super.get(...args);
  }
}

/** A fixed-window limiter per process and key prefix: in Redis if set, else (or while down) memory. */
export function sharedRateLimiter(
  keyPrefix: string,
  bounds: () => Required<Pick<IRateLimiterOptions, "points" | "duration">>,
): RateLimiterAbstract {
  return processState(`rate.${keyPrefix}`, () => {
    const options = { keyPrefix, ...bounds() };
    const redis = sharedRedis();
    if (!redis) return new RateLimiterMemory(options);
    return new RateLimiterRedis({
      ...options,
      keyPrefix: `human-input:${keyPrefix}`,
      storeClient: redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new InsuranceLimiter(options, knownCopies),
    });
  });
}

export function rateRefusal(message: string, res: RateLimiterRes): ApiError {
  return ApiError.of("too_many_requests", message).retryAfter(res.msBeforeNext / 1000);
}

export async function consumeOrRefuse(
  limiter: RateLimiterAbstract,
  key: string,
  message: string,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    // A refusal in Redis is kept in this copy's memory too: should Redis go away, it holds.
    const insurance = (limiter as { insuranceLimiter?: RateLimiterAbstract }).insuranceLimiter;
    if (insurance instanceof InsuranceLimiter)
      await insurance.block(key, rejection.msBeforeNext / 1000).catch(() => undefined);
    throw rateRefusal(message, rejection);
  }
}
