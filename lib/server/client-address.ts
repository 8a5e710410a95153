import "server-only";
import { isIP } from "node:net";

// The address a per-address limit keys on. A route handler sees no socket: Next's server writes
// the peer's address into X-Forwarded-For only when the request brought none, and a reverse proxy
// appends the address it saw. So the right-most entry is the nearest hop's word: the peer itself
// when the app is reached directly by a client that sent no such header, the proxy's view of the
// client behind a proxy. A client reaching the app directly can name an address of its own there;
// per-address limits then bound honest clients only, and the per-replica caps bound everyone
// (decision 031). Behind a proxy that sets the header, the address is the proxy's word.

/** A key for the request's client address: an IP (IPv4-mapped IPv6 folded to IPv4), or `unknown`. */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for") ?? "";
  const nearest = forwarded.split(",").at(-1)?.trim() ?? "";
  const address = nearest.startsWith("::ffff:") ? nearest.slice("::ffff:".length) : nearest;
  return isIP(address) ? address.toLowerCase() : "unknown";
}
