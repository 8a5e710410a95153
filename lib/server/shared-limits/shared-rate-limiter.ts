import "server-only";
import type { IRateLimiterOptions, RateLimiterAbstract } from "rate-limiter-flexible";
import RateLimiterMemory from "rate-limiter-flexible/lib/RateLimiterMemory";
import RateLimiterRedis from "rate-limiter-flexible/lib/RateLimiterRedis";
import { countSharedLimitsFallback } from "@/lib/server/ops/metrics";
import { sharedRedis } from "@/lib/server/shared-limits/shared-store";

/** This copy's memory, standing in for Redis while it cannot be reached; each use is counted. */
class InsuranceLimiter extends RateLimiterMemory {
  override consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    countSharedLimitsFallback();
    return super.consume(...args);
  }
  override get(...args: Parameters<RateLimiterMemory["get"]>) {
    countSharedLimitsFallback();
    return super.get(...args);
  }
}

/**
 * A fixed-window rate limiter counted once for all copies in Redis (REDIS_URL), falling back to
 * this copy's memory while Redis cannot be reached; without REDIS_URL, memory only.
 */
export function createSharedRateLimiter(
  options: Required<Pick<IRateLimiterOptions, "keyPrefix" | "points" | "duration">>,
): RateLimiterAbstract {
  const redis = sharedRedis();
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    keyPrefix: `human-input:${options.keyPrefix}`,
    storeClient: redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new InsuranceLimiter(options),
  });
}
