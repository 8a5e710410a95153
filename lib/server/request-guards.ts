import "server-only";
import { timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { getEnv } from "@/lib/server/env";

// Guards for requests that change state: they must come from our own pages (same origin), or, on
// the knowledge routes, from a portal holding PORTAL_API_TOKEN.

function firstForwarded(request: Pick<Request, "headers">, name: string): string | undefined {
  return request.headers.get(name)?.split(",")[0]?.trim() || undefined;
}

/**
 * The app's public origin: APP_ORIGIN when set; else scheme, host and port of the request as it
 * reached us. A reverse proxy's X-Forwarded-Host/-Proto count only with TRUST_PROXY_HEADERS=true
 * (a client can send them too). Without either, the scheme is http: `next start` serves plain
 * HTTP, so TLS is a proxy's job and such a proxy is trusted or APP_ORIGIN names the origin.
 */
export function publicOrigin(request: { headers: Headers; url?: string }): string | null {
  const env = getEnv();
  if (env.appOrigin) return env.appOrigin;
  let scheme = "http";
  let host = request.headers.get("host") ?? (request.url ? new URL(request.url).host : "");
  if (env.trustProxyHeaders) {
    scheme = firstForwarded(request, "x-forwarded-proto") ?? scheme;
    host = firstForwarded(request, "x-forwarded-host") ?? host;
  }
  if (scheme !== "http" && scheme !== "https") return null;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

/** A Host header as a client may send it: a name or IPv4 address, or a bracketed IPv6, and a port. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * With APP_ORIGIN set (always in production), a request must be addressed to its host: the `Host`
 * header, or with TRUST_PROXY_HEADERS the proxy's X-Forwarded-Host. A page that a DNS-rebinding
 * name points at this server sends its own name, so it is answered 421 before anything else.
 */
export function requireOwnHost(request: Request): void {
  const { appOrigin, trustProxyHeaders } = getEnv();
  if (!appOrigin) return;
  const expected = new URL(appOrigin);
  // A request without Host (HTTP/1.0) is taken at the address it was made for.
  let host = request.headers.get("host") ?? new URL(request.url).host;
  if (trustProxyHeaders) host = firstForwarded(request, "x-forwarded-host") ?? host;
  // Parsed as a URL's host so case and a default port (`:443` for https) do not matter; the shape
  // is checked first, or `evil@good` would parse as `good`.
  let given: string | null = null;
  if (HOST.test(host)) {
    try {
      given = new URL(`${expected.protocol}//${host}`).host;
    } catch {
      given = null;
    }
  }
  if (given !== expected.host) {
    throw ApiError.of("misdirected_request", "This server does not answer for that host name.");
  }
}

/**
 * A state-changing browser request must carry the Origin of this app's public origin: scheme,
 * host and port all equal (`null`, a sibling subdomain or another port is refused).
 */
export function requireSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  let given: string | null = null;
  try {
    given = origin ? new URL(origin).origin : null;
  } catch {
    given = null;
  }
  const expected = publicOrigin(request);
  if (!given || given === "null" || !expected || given !== expected) {
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
