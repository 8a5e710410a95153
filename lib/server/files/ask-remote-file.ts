import "server-only";
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import {
  checkRemoteUrl,
  isPublicAddress,
  type CheckedUrl,
  type RemoteUrlProblem,
} from "@/lib/files/remote-file-url";
import type { RemoteAnswer } from "@/lib/files/remote-file-name";

type AskProblem = RemoteUrlProblem | "unreachable";

const MAX_REDIRECTS = 3;
// What the headers of one answer may hold; a file's metadata needs far less.
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Asks a link's server what it holds, as the newest Dify server does: a HEAD, else (405, 501) a GET
 * of one byte, headers only; `answer` is null when neither answered 200. Every hop is checked by the link rule, refused if its name resolves
 * to any address inside (unless REMOTE_FILE_HOSTS names it at that port), and connected to the
 * checked address, so a name cannot resolve one way for the check and another for the fetch.
 * Redirects stay within what was named: a public link may not lead inside. `inside` says the
 * answer came from a named inside host. `timeoutMs` covers redirects.
 */
export async function askRemoteFile(
  link: string,
  options: { insideHosts: readonly string[]; timeoutMs: number },
): Promise<{ answer: RemoteAnswer | null; inside: boolean } | { problem: AskProblem }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = link;
  let inside: boolean | undefined;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const checked = checkRemoteUrl(current, options.insideHosts);
    if ("problem" in checked) return checked;
    if (inside === false && checked.named) return { problem: "address" };
    inside ||= checked.named;
    const addresses = await resolveLinkHost(checked, signal);
    if (!Array.isArray(addresses)) return addresses;
    let answer: Answer;
    try {
      answer = await request(checked.href, "HEAD", addresses, signal);
      if (answer.status === 405 || answer.status === 501)
        answer = await request(checked.href, "GET", addresses, signal);
    } catch {
      return { problem: "unreachable" };
    }
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      // A Location no parser can read is the server's fault, not the app's.
      if (!URL.canParse(answer.location, checked.href)) return { problem: "unreachable" };
      current = new URL(answer.location, checked.href).href;
      continue;
    }
    // Any other status fails nothing: the server then types the file by the link's path alone
    // (a presigned S3 or GCS link answers HEAD with 403). A GET asks for one byte: 206 is its 200.
    const told = answer.status === 200 || (answer.method === "GET" && answer.status === 206);
    return {
      answer: told ? { contentType: answer.contentType, disposition: answer.disposition } : null,
      inside,
    };
  }
  return { problem: "unreachable" };
}

/**
 * The addresses a checked link may be reached at: a literal as it is; a name's, if none of them is
 * inside or REMOTE_FILE_HOSTS names the name at the link's port (then only what it resolves to).
 */
export async function resolveLinkHost(
  checked: Pick<CheckedUrl, "host" | "named">,
  signal: AbortSignal,
): Promise<string[] | { problem: AskProblem }> {
  const literal = checked.host.startsWith("[") ? checked.host.slice(1, -1) : checked.host;
  if (ipaddr.isValid(literal)) return [literal];
  let addresses: { address: string }[];
  try {
    addresses = await Promise.race([
      lookup(checked.host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => signal.addEventListener("abort", reject, { once: true })),
    ]);
  } catch {
    return { problem: "unreachable" };
  }
  if (addresses.length === 0) return { problem: "unreachable" };
  if (!checked.named && addresses.some(({ address }) => !isPublicAddress(address)))
    return { problem: "address" };
  return addresses.map(({ address }) => address);
}

type Answer = {
  method: "HEAD" | "GET";
  status: number;
  location: string;
  contentType: string;
  disposition: string;
};

function request(
  href: string,
  method: "HEAD" | "GET",
  addresses: readonly string[],
  signal: AbortSignal,
): Promise<Answer> {
  const pinnedTo = addresses.map((address) => ({
    address,
    family: ipaddr.parse(address).kind() === "ipv6" ? 6 : 4,
  }));
  // The connection asks this in place of DNS: only the addresses that were checked.
  const pinned: LookupFunction = (_name, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, pinnedTo);
    else callback(null, pinnedTo[0]!.address, pinnedTo[0]!.family);
  };
  const client = href.startsWith("https:") ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      href,
      {
        method,
        lookup: pinned,
        signal,
        agent: false,
        maxHeaderSize: MAX_HEADER_BYTES,
        // A GET asks for one byte and reads none: the headers are all that is wanted.
        headers: { Accept: "*/*", ...(method === "GET" ? { Range: "bytes=0-0" } : {}) },
      },
      (response) => {
        response.destroy();
        const header = (name: string) => String(response.headers[name] ?? "");
        resolve({
          method,
          status: response.statusCode ?? 0,
          location: header("location"),
          contentType: header("content-type"),
          disposition: header("content-disposition"),
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}
