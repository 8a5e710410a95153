import "server-only";
import { getEnv } from "@/lib/server/env";
import { clientAddress, DIRECT_CLIENTS } from "@/lib/server/client-address";
import type { Limits } from "@/lib/server/env-schema";
import { consumeOrRefuse, sharedRateLimiter } from "@/lib/server/shared-limits/shared-rate-limiter";

// Request rates of the routes that cost the upstream most (decisions 047, 060): a caller the app
// knows (a form link, the launcher's signed visitor cookie) is counted as itself first, then its
// client address. Without a trusted proxy every client shares a single address, which counts as a
// pool of POOL_SHARES callers' rates, so no one caller can use it up for everyone.

const RATES = {
  launch: "LAUNCH_RATE_PER_MINUTE",
  upload: "UPLOAD_RATE_PER_MINUTE",
  "link-check": "UPLOAD_RATE_PER_MINUTE",
  "next-link": "NEXT_LINK_RATE_PER_MINUTE",
} as const satisfies Record<string, keyof Limits>;

export type RatedRoute = keyof typeof RATES;

/** How many callers' rates an address's pool holds. */
export const POOL_SHARES = 10;

const WHAT: Record<RatedRoute, string> = {
  launch: "Too many runs were started",
  upload: "Too many files were uploaded",
  "link-check": "Too many links were checked",
  "next-link": "Too many requests for the next form were made",
};

/** Who a rate counts besides the address: a form link (its token and user), or a visitor. */
export type RateHolder = { link?: string; visitor?: string };

function limiter(route: RatedRoute, kind: "own" | "pool") {
  const points = () => getEnv().limits[RATES[route]] * (kind === "pool" ? POOL_SHARES : 1);
  return sharedRateLimiter(kind === "own" ? route : `${route}.pool`, () => ({
    points: points(),
    duration: getEnv().limits.rateWindowSeconds,
  }));
}

/**
 * Counts one request of `route` for its holder, then its client address, then `extra` pool keys
 * (a link's target), or throws 429 at the first count that is used up.
 */
export async function requireWithinRate(
  route: RatedRoute,
  request: Request,
  holder: RateHolder = {},
  extra: readonly string[] = [],
): Promise<void> {
  const own =
    holder.link !== undefined
      ? `link\n${holder.link}`
      : holder.visitor !== undefined
        ? `visitor\n${holder.visitor}`
        : undefined;
  const address = clientAddress(request);
  const where = `from your network address. Wait a moment and try again.`;
  if (own !== undefined)
    await consumeOrRefuse(
      limiter(route, "own"),
      own,
      `${WHAT[route]} from this page. Wait a moment and try again.`,
    );
  // Without a trusted proxy the address is everyone's: then it is a pool of many callers' rates.
  const pooled = own !== undefined && address === DIRECT_CLIENTS;
  await consumeOrRefuse(
    limiter(route, pooled ? "pool" : "own"),
    `address\n${address}`,
    `${WHAT[route]} ${where}`,
  );
  for (const key of extra)
    await consumeOrRefuse(limiter(route, "pool"), key, `${WHAT[route]} ${where}`);
}

/** The pool key of the server a link names, so no server is asked more than a pool's rate. */
export function linkTarget(url: string): string {
  return `target\n${URL.canParse(url) ? new URL(url).host : ""}`;
}
