import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { clientAddress, proxyHeader } from "@/lib/server/client-address";
import { getEnv } from "@/lib/server/env";
import type { PortalToken } from "@/lib/server/auth/parse-portal-tokens";
import { noteRequest } from "@/lib/server/request-context";
import {
  consumeOrRefuse,
  rateRefusal,
  sharedRateLimiter,
} from "@/lib/server/shared-limits/shared-rate-limiter";

/** The Host a request was made for (without Host, as HTTP/1.0 sends it: the address it reached). */
function requestHost(request: { headers: Headers; url?: string }): string {
  return (
    proxyHeader(request, "x-forwarded-host") ??
    request.headers.get("host") ??
    (request.url ? new URL(request.url).host : "")
  );
}

/**
 * The app's public origin: APP_ORIGIN when set; else the request's as it reached us, through a
 * trusted proxy's X-Forwarded-Host/-Proto. `next start` serves plain HTTP: TLS is a proxy's job.
 */
export function publicOrigin(request: { headers: Headers; url?: string }): string | null {
  const env = getEnv();
  if (env.APP_ORIGIN) return env.APP_ORIGIN;
  const scheme = proxyHeader(request, "x-forwarded-proto") ?? "http";
  if (scheme !== "http" && scheme !== "https") return null;
  const url = `${scheme}://${requestHost(request)}`;
  return URL.canParse(url) ? new URL(url).origin : null;
}

/** A Host header as a client may send it: a name or IPv4 address, or a bracketed IPv6, and a port. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** NOTE: with APP_ORIGIN set, a request for another Host (a DNS-rebinding name) is answered 421. */
export function requireOwnHost(request: Request): void {
  const { APP_ORIGIN } = getEnv();
  if (!APP_ORIGIN) return;
  const expected = new URL(APP_ORIGIN);
  const host = requestHost(request);
  // Parsed as a URL's host so case and a default port (`:443` for https) do not matter; the shape
  // is checked first, or `evil@good` would parse as `good`.
  const url = `${expected.protocol}//${host}`;
  if (!HOST.test(host) || !URL.canParse(url) || new URL(url).host !== expected.host) {
    throw ApiError.of("misdirected_request", "This server does not answer for that host name.");
  }
}

/** A state-changing browser request must carry this app's public origin as its Origin. */
export function requireSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  const given = origin && URL.canParse(origin) ? new URL(origin).origin : null;
  if (!given || given !== publicOrigin(request)) {
    throw ApiError.of("forbidden_origin", "This request must come from the app's own pages.");
  }
}

/** SHA-256 first, so the compare takes the same time whatever the lengths (and leaks neither). */
export function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const THROTTLED = "Too many wrong tokens came from this address. Try again later.";

const authFailures = () =>
  sharedRateLimiter("auth-failures", () => ({
    points: getEnv().limits.MAX_AUTH_FAILURES_PER_ADDRESS,
    duration: getEnv().limits.AUTH_FAILURE_WINDOW_SECONDS,
  }));

/** A wrong link or session counts toward the wrong-token limit; past it: 429 too_many_requests. */
export async function countWrongToken(request: Pick<Request, "headers">): Promise<void> {
  await consumeOrRefuse(authFailures(), clientAddress(request), THROTTLED);
}

/**
 * Compared with every configured token, no early exit. A right token always passes, so no one's
 * wrong guesses lock anyone else out; a wrong one is counted for its address and answered slowly,
 * 429 past the limit. Tokens are at least 32 characters: the count slows guessing, it does not
 * need to stop a right guess (decision 060).
 */
async function requireBearer(
  request: Request,
  tokens: readonly PortalToken[],
  refusal: string,
): Promise<PortalToken> {
  const bearer = /^Bearer\s+(\S+)$/i.exec((request.headers.get("authorization") ?? "").trim());
  const given = bearer?.[1];
  let found: PortalToken | undefined;
  for (const candidate of tokens) {
    if (given !== undefined && sameToken(given, candidate.token) && !found) found = candidate;
  }
  if (found) {
    noteRequest({ caller: found.name });
    return found;
  }
  const failures = authFailures();
  const address = clientAddress(request);
  if (given === undefined) {
    const res = await failures.get(address);
    if (res && res.consumedPoints >= failures.points) throw rateRefusal(THROTTLED, res);
    throw ApiError.of("unauthorized", refusal);
  }
  await new Promise((resolve) => setTimeout(resolve, getEnv().limits.wrongTokenDelayMs));
  await consumeOrRefuse(failures, address, THROTTLED);
  throw ApiError.of("unauthorized", refusal);
}

/** With no token configured every token is refused alike: the answer tells nothing of configuration. */
export async function requirePortalToken(request: Request): Promise<void> {
  await requireBearer(
    request,
    getEnv().portalTokens,
    "A valid portal token is required (Authorization: Bearer …).",
  );
}

/** `Authorization: Bearer $METRICS_TOKEN`; with no token configured the route does not exist. */
export async function requireMetricsToken(request: Request): Promise<void> {
  const expected = getEnv().METRICS_TOKEN;
  if (!expected) throw ApiError.of("not_found", "Not found.");
  await requireBearer(
    request,
    [{ name: "METRICS_TOKEN", token: expected }],
    "A valid metrics token is required (Authorization: Bearer …).",
  );
}

export function requireLauncherEnabled(): void {
  if (!getEnv().LAUNCHER_ENABLED) throw ApiError.of("not_found", "Not found.");
}
