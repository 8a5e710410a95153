import "server-only";
import { getEnv } from "@/lib/server/env";
import { clientAddress } from "@/lib/server/client-address";
import type { Limits } from "@/lib/server/env-schema";
import { consumeOrRefuse, sharedRateLimiter } from "@/lib/server/shared-limits/shared-rate-limiter";

// Per-address request rates of the routes that cost the upstream most (decision 047).

const RATES = {
  launch: "LAUNCH_RATE_PER_MINUTE",
  upload: "UPLOAD_RATE_PER_MINUTE",
  "next-link": "NEXT_LINK_RATE_PER_MINUTE",
} as const satisfies Record<string, keyof Limits>;

export type RatedRoute = keyof typeof RATES;

const MESSAGES: Record<RatedRoute, string> = {
  launch: "Too many runs were started from your network address. Wait a moment and try again.",
  upload: "Too many files were uploaded from your network address. Wait a moment and try again.",
  "next-link": "Too many requests for the next form from your network address. Wait a moment.",
};

/** Counts one request of `route` for its client address, or throws 429 once it used its rate. */
export async function requireWithinRate(route: RatedRoute, request: Request): Promise<void> {
  const limiter = sharedRateLimiter(route, () => ({
    points: getEnv().limits[RATES[route]],
    duration: getEnv().limits.rateWindowSeconds,
  }));
  await consumeOrRefuse(limiter, clientAddress(request), MESSAGES[route]);
}
