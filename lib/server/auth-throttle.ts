import "server-only";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import RateLimiterRes from "rate-limiter-flexible/lib/RateLimiterRes";
import { ApiError } from "@/lib/errors/api-error";
import { getLimits } from "@/lib/server/limits";
import { processState } from "@/lib/server/ops/process-state";
import { createSharedRateLimiter } from "@/lib/server/shared-limits/shared-rate-limiter";

// Wrong bearer tokens counted per client address: past the limit the address is answered 429
// before any token is compared, so a right token is refused too; were it compared, its answer
// would tell a guesser that a guess was right (decision 033).

function failures(): RateLimiterAbstract {
  return processState("auth-failures", () => {
    const limits = getLimits();
    return createSharedRateLimiter({
      keyPrefix: "auth-failures",
      points: limits.MAX_AUTH_FAILURES_PER_ADDRESS,
      duration: limits.AUTH_FAILURE_WINDOW_SECONDS,
    });
  });
}

function throttled(res: RateLimiterRes): ApiError {
  return ApiError.of(
    "too_many_requests",
    "Too many wrong tokens came from this address. Try again later.",
  ).retryAfter(res.msBeforeNext / 1000);
}

export const authThrottle = {
  /** 429 while the address is throttled; counts nothing (a request that presents no token). */
  async refuseIfThrottled(address: string): Promise<void> {
    const res = await failures().get(address);
    if (res && res.consumedPoints >= failures().points) throw throttled(res);
  },

  /**
   * Counts an attempt before its token is compared, so parallel guesses cannot outrun the count;
   * a right token gives it back, without the request waiting for it.
   */
  async take(address: string): Promise<{ giveBack: () => void }> {
    try {
      await failures().consume(address);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw throttled(rejection);
      throw rejection;
    }
    return {
      giveBack: () => {
        // Left uncounted when the store fails: the address keeps one more attempt on its count.
        failures()
          .reward(address, 1)
          .catch(() => undefined);
      },
    };
  },
};
