import "server-only";
import { timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/api-error";
import { getEnv } from "@/lib/env";

// Guards for requests that change state: they must come from our own pages (same origin), or, on
// the knowledge routes, from a portal holding PORTAL_API_TOKEN.

/** The public host the browser used (a reverse proxy may forward it). */
function requestHost(request: Request): string | null {
  return (
    request.headers.get("x-forwarded-host") ??
    request.headers.get("host") ??
    new URL(request.url).host
  );
}

/** A state-changing browser request must carry an Origin of this app's own host. */
export function requireSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  let host: string | null = null;
  try {
    host = origin ? new URL(origin).host : null;
  } catch {
    host = null;
  }
  if (!host || host !== requestHost(request)) {
    throw ApiError.of("forbidden_origin", "This request must come from the app's own pages.");
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Compare equal lengths only; the length check itself reveals nothing useful about the token.
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `Authorization: Bearer $PORTAL_API_TOKEN`, compared in constant time. */
export function requirePortalToken(request: Request): void {
  const expected = getEnv().portalApiToken;
  if (!expected) {
    throw ApiError.of(
      "unauthorized",
      "The knowledge routes are off: PORTAL_API_TOKEN is not set on this server.",
    );
  }
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match || !safeEqual(match[1]!, expected)) {
    throw ApiError.of(
      "unauthorized",
      "A valid portal token is required (Authorization: Bearer …).",
    );
  }
}

/** `Authorization: Bearer $METRICS_TOKEN`; with no token configured the route does not exist. */
export function requireMetricsToken(request: Request): void {
  const expected = getEnv().metricsToken;
  if (!expected) throw ApiError.of("not_found", "Not found.");
  const match = /^Bearer\s+(.+)$/i.exec((request.headers.get("authorization") ?? "").trim());
  if (!match || !safeEqual(match[1]!, expected)) {
    throw ApiError.of(
      "unauthorized",
      "A valid metrics token is required (Authorization: Bearer …).",
    );
  }
}

/**
 * The launcher's routes exist only while it is enabled (always with the embedded service, with a
 * real upstream only with LAUNCHER_ENABLED=true); otherwise they are not there at all.
 */
export function requireLauncherEnabled(): void {
  if (!getEnv().launcherEnabled) throw ApiError.of("not_found", "Not found.");
}
