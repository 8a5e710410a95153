import "server-only";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { ApiError } from "@/lib/errors/api-error";
import { getEnv } from "@/lib/server/env";

// Who a per-client limit counts. A route handler sees no socket, and a client reaching the app
// directly could name any address in X-Forwarded-For, so forwarded headers count only with
// TRUST_PROXY_HEADERS=true, and then only their last entry, which the nearest proxy wrote.
// Without a trusted proxy every client counts as one (decisions 047, 060).

export const DIRECT_CLIENTS = "direct";

/** The last entry of a forwarded header when a proxy is trusted to write it; else undefined. */
export function proxyHeader(request: Pick<Request, "headers">, name: string): string | undefined {
  if (!getEnv().TRUST_PROXY_HEADERS) return undefined;
  return request.headers.get(name)?.split(",").at(-1)?.trim() || undefined;
}

/**
 * A key for the request's client: the address the trusted proxy wrote, read as proxies write it
 * (`IP:port`, `[IPv6]:port`, zero-padded IPv4), IPv4-mapped IPv6 as IPv4, other IPv6 by its /64
 * (one host's whole share); a value that is no address is refused, never pooled with others'.
 */
export function clientAddress(request: Pick<Request, "headers">): string {
  if (!getEnv().TRUST_PROXY_HEADERS) return DIRECT_CLIENTS;
  const address = readAddress(proxyHeader(request, "x-forwarded-for") ?? "");
  if (address === null)
    throw ApiError.of(
      "invalid_request",
      "The proxy in front of this server did not name your address.",
    );
  if (address.kind() === "ipv4") return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}

function readAddress(entry: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry);
  const withPort = /^([\d.]+):\d{1,5}$/.exec(entry);
  let text = bracketed?.[1] ?? withPort?.[1] ?? entry;
  // Four decimal parts, zero-padded or not (010.000.000.001), as decimal, never octal.
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) text = text.split(".").map(Number).join(".");
  if (!isIP(text)) return null;
  const parsed = ipaddr.parse(text);
  return parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed;
}

export function directClientsNotice(): string | null {
  if (getEnv().TRUST_PROXY_HEADERS) return null;
  return "TRUST_PROXY_HEADERS is not set: the app cannot tell clients apart, so the per-address limits (wrong tokens, launches, uploads, next-link, streams) count every client as one address (links and visitors are still counted as themselves). Behind a reverse proxy that writes X-Forwarded-For, set TRUST_PROXY_HEADERS=true.";
}
