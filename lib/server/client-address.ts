import "server-only";
import { isIP } from "node:net";
import { getEnv } from "@/lib/server/env";

// Who a per-client limit counts. A route handler sees no socket, and a client reaching the app
// directly could name any address in X-Forwarded-For, so forwarded headers count only with
// TRUST_PROXY_HEADERS=true, and then only their last entry, which the nearest proxy wrote.
// Without a trusted proxy every client counts as one (decision 047).

export const DIRECT_CLIENTS = "direct";

/** The last entry of a forwarded header when a proxy is trusted to write it; else undefined. */
export function proxyHeader(request: Pick<Request, "headers">, name: string): string | undefined {
  if (!getEnv().TRUST_PROXY_HEADERS) return undefined;
  return request.headers.get(name)?.split(",").at(-1)?.trim() || undefined;
}

/** A key for the request's client: the address the trusted proxy wrote (IPv4-mapped folded). */
export function clientAddress(request: Pick<Request, "headers">): string {
  if (!getEnv().TRUST_PROXY_HEADERS) return DIRECT_CLIENTS;
  const nearest = proxyHeader(request, "x-forwarded-for") ?? "";
  const address = nearest.startsWith("::ffff:") ? nearest.slice("::ffff:".length) : nearest;
  return isIP(address) ? address.toLowerCase() : "unknown";
}

export function directClientsNotice(): string | null {
  if (getEnv().TRUST_PROXY_HEADERS) return null;
  return "TRUST_PROXY_HEADERS is not set: the app cannot tell clients apart, so the per-address limits (wrong tokens, launches, uploads, next-link, streams) count every client together, and wrong tokens from anyone hold back everyone's tokens. Behind a reverse proxy that writes X-Forwarded-For, set TRUST_PROXY_HEADERS=true.";
}
