import "server-only";
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import {
  checkRemoteUrl,
  isPublicAddress,
  type RemoteUrlProblem,
} from "@/lib/files/remote-file-url";
import type { RemoteAnswer } from "@/lib/files/remote-file-name";

type AskProblem = RemoteUrlProblem | "unreachable";

const MAX_REDIRECTS = 3;
// What the headers of one answer may hold; a file's metadata needs far less.
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Asks a link's server what it holds, as the newest Dify server does: a HEAD, else (405, 501) a GET
 * of one byte, headers only. Every hop is checked by the link rule, refused if its name resolves
 * to any address inside (unless in `insideHosts`), and connected to the checked address, so a name
 * cannot resolve one way for the check and another for the fetch. `timeoutMs` covers redirects.
 */
export async function askRemoteFile(
  link: string,
  options: { insideHosts: readonly string[]; timeoutMs?: number },
): Promise<{ answer: RemoteAnswer } | { problem: AskProblem }> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? 5_000);
  let current = link;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const checked = checkRemoteUrl(current, options.insideHosts);
    if ("problem" in checked) return checked;
    const addresses = await addressesOf(checked.host, options.insideHosts, signal);
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
      current = new URL(answer.location, checked.href).href;
      continue;
    }
    if (answer.status !== 200 && answer.status !== 206) return { problem: "unreachable" };
    return { answer: { contentType: answer.contentType, disposition: answer.disposition } };
  }
  return { problem: "unreachable" };
}

/** The addresses to connect to: a literal as it is; a name's, if none of them is inside. */
async function addressesOf(
  host: string,
  insideHosts: readonly string[],
  signal: AbortSignal,
): Promise<string[] | { problem: AskProblem }> {
  const literal = host.startsWith("[") ? host.slice(1, -1) : host;
  if (ipaddr.isValid(literal)) return [literal];
  let addresses: { address: string }[];
  try {
    addresses = await Promise.race([
      lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => signal.addEventListener("abort", reject, { once: true })),
    ]);
  } catch {
    return { problem: "unreachable" };
  }
  if (addresses.length === 0) return { problem: "unreachable" };
  const named = insideHosts.includes(host);
  if (!named && addresses.some(({ address }) => !isPublicAddress(address)))
    return { problem: "address" };
  return addresses.map(({ address }) => address);
}

type Answer = { status: number; location: string; contentType: string; disposition: string };

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
