import "server-only";
import type { IRateLimiterOptions, RateLimiterAbstract } from "rate-limiter-flexible";
import RateLimiterMemory from "rate-limiter-flexible/lib/RateLimiterMemory";
import RateLimiterRedis from "rate-limiter-flexible/lib/RateLimiterRedis";
import RateLimiterRes from "rate-limiter-flexible/lib/RateLimiterRes";
import { ApiError } from "@/lib/errors/api-error";
import { countSharedLimitsFallback } from "@/lib/server/ops/metrics";
import { processState } from "@/lib/server/ops/process-state";
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
      insuranceLimiter: new InsuranceLimiter(options),
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
    if (rejection instanceof RateLimiterRes) throw rateRefusal(message, rejection);
    throw rejection;
  }
}
