import ipaddr from "ipaddr.js";

// Which links a file field takes. The upstream fetches a remote_url file itself, from inside its
// own network, so the app refuses to aim it at addresses there (see
// docs/decisions/034-remote-file-urls-checked-before-the-upstream.md). One pure rule, no node:*:
// the browser runs it next to the field and the server again before the upstream hears of it.

/** Why a link is refused: each has its message, in English here and in the page's words there. */
export type RemoteUrlProblem = "invalid" | "scheme" | "credentials" | "address" | "host";

/** The URL length the upstream's mapping takes (remoteFileMappingSchema). */
const MAX_REMOTE_URL_LENGTH = 2048;

/**
 * The problem with `text` as a file's remote URL, or null when it may go. `hosts`, when not empty,
 * is the only host names allowed (REMOTE_FILE_HOSTS).
 */
export function remoteUrlProblem(
  text: string,
  hosts: readonly string[] = [],
): RemoteUrlProblem | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "invalid";
  }
  if (text.length > MAX_REMOTE_URL_LENGTH) return "invalid";
  if (url.protocol !== "http:" && url.protocol !== "https:") return "scheme";
  if (url.username || url.password) return "credentials";
  // The URL parser already wrote any IPv4 form (127.1, 0x7f.0.0.1, 2130706433) as dotted decimal
  // and an IPv6 one in brackets, so a literal address is recognised whatever way it was typed.
  const host = url.hostname.replace(/\.$/, "").toLowerCase();
  if (!publicHost(host)) return "address";
  if (hosts.length > 0 && !hosts.includes(host)) return "host";
  return null;
}

/** NOTE: a host name is judged by its name only; where it resolves is the upstream's to check. */
function publicHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return false;
  const literal = host.startsWith("[") ? host.slice(1, -1) : host;
  if (!ipaddr.isValid(literal)) return true;
  // process() reads an IPv4-mapped IPv6 address (::ffff:10.0.0.1) as the IPv4 address it maps.
  // Only global unicast passes: loopback, private, unique local, link-local, unspecified,
  // multicast, reserved, CGNAT and the IPv6 forms that embed IPv4 (6to4, NAT64, Teredo) do not.
  return ipaddr.process(literal).range() === "unicast";
}

/** The English words of a problem, for the server's 400 (the page words them itself). */
export function remoteUrlProblemText(problem: RemoteUrlProblem): string {
  switch (problem) {
    case "invalid":
      return "is not a valid link";
    case "scheme":
      return "must be an http or https link";
    case "credentials":
      return "must not carry a user name or password";
    case "address":
      return "must not point at a local, private or link-local address";
    case "host":
      return "is on a host this server does not fetch files from";
  }
}
