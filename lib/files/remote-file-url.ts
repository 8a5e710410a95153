import ipaddr from "ipaddr.js";

// Which links a file field takes. The upstream fetches a remote_url file itself, from inside its
// own network, and the app asks a link's server what it holds, so neither may be aimed at
// addresses there. No node:*: the server runs it before it fetches a link or passes one on.

export type RemoteUrlProblem = "invalid" | "scheme" | "credentials" | "address";

/** The URL length the upstream's mapping takes. */
const MAX_REMOTE_URL_LENGTH = 2048;

// Characters that URL parsers read differently: the WHATWG parser takes `\` as `/` and drops
// tabs and newlines, Python's parsers keep them. A link with any of them is refused rather than
// judged by one reading and fetched by another.
const AMBIGUOUS = /[\\\u0000-\u001f\u007f]/;

/** A link that passed the rule: as the parser spells it, and whether the operator named its host. */
export type CheckedUrl = { href: string; host: string; port: number; named: boolean };

/**
 * Whether REMOTE_FILE_HOSTS names a host at a port. Its entries are normalized: `host:port`,
 * `host:*` (any port), or `host` alone, which names ports 80 and 443 only.
 */
export function namesInside(insideHosts: readonly string[], host: string, port: number): boolean {
  return (
    insideHosts.includes(`${host}:${port}`) ||
    insideHosts.includes(`${host}:*`) ||
    ((port === 80 || port === 443) && insideHosts.includes(host))
  );
}

/** A link checked for a file field, as the parser spells it (what is judged goes on), or why. */
export function checkRemoteUrl(
  text: string,
  insideHosts: readonly string[] = [],
): CheckedUrl | { problem: RemoteUrlProblem } {
  if (text.length > MAX_REMOTE_URL_LENGTH || AMBIGUOUS.test(text)) return { problem: "invalid" };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: "invalid" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { problem: "scheme" };
  if (url.username || url.password) return { problem: "credentials" };
  // The parser wrote any IPv4 form (127.1, 0x7f.0.0.1) as dotted decimal and IPv6 in brackets.
  // As REMOTE_FILE_HOSTS names it: lower case, no final dot.
  const host = url.hostname.replace(/\.$/, "").toLowerCase();
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  const named = namesInside(insideHosts, host, port);
  if (!named && !isPublicHost(host)) return { problem: "address" };
  if (url.href.length > MAX_REMOTE_URL_LENGTH) return { problem: "invalid" };
  return { href: url.href, host, port, named };
}

/**
 * Whether a host may be reached without the operator naming it: a name that is not `localhost`,
 * or a global unicast address. A name is judged again by what it resolves to when the app fetches.
 */
function isPublicHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return false;
  const literal = host.startsWith("[") ? host.slice(1, -1) : host;
  return ipaddr.isValid(literal) ? isPublicAddress(literal) : true;
}

/**
 * Only global unicast passes (not CGNAT, nor the IPv6 forms that embed IPv4). IPv6 must also be in
 * 2000::/3, which keeps out `::7f00:1` (IPv4-compatible), a range ipaddr.js calls unicast.
 */
export function isPublicAddress(address: string): boolean {
  // process() reads an IPv4-mapped IPv6 address (::ffff:10.0.0.1) as the IPv4 address it maps.
  const parsed = ipaddr.process(address);
  if (parsed.range() !== "unicast") return false;
  return parsed.kind() === "ipv4" || parsed.match(GLOBAL_UNICAST_V6);
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** The English words of a problem, for the server's 400 (the page words them itself). */
export const REMOTE_URL_PROBLEM_TEXT: Record<RemoteUrlProblem, string> = {
  invalid: "is not a valid link",
  scheme: "must be an http or https link",
  credentials: "must not carry a user name or password",
  address: "must not point at a local, private or link-local address",
};
