// What a remote file's server answered, as the newest Dify server learns it before it types the
// file (`get_remote_file_info` and the remote URL builder in dify's api/factories/file_factory):
// the `Content-Disposition` file name, else the URL path's last segment; the MIME type Python's
// `mimetypes` guesses from that name, else the `Content-Type`; the extension that MIME type
// implies, else the name's own, else `.bin`. A HEAD answered other than 200 (a presigned link's
// 403) fails nothing. Python's table is this service's own generated copy (python-mime-types.ts).
//
// The service reaches no outside network: it fetches only loopback hosts (a test's own file
// server, which the app reaches as `localhost` when its REMOTE_FILE_HOSTS names it) and decides
// other URLs from their path alone. Hosts under the reserved `.invalid` TLD (RFC 2606) never
// resolve, so they stand in for an unreachable file.

import { guessExtension, guessType } from "./python-mime-types";

export type RemoteAnswer = { failed: true } | { failed: false; mimeType: string; filename: string };
export type RemoteAnswers = ReadonlyMap<string, RemoteAnswer>;

export const NO_REMOTE_ANSWERS: RemoteAnswers = new Map();

const FETCH_TIMEOUT_MS = 3_000;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Every remote URL named in a submission's or a run's inputs (top level and in lists). */
export function remoteUrlsIn(inputs: Record<string, unknown>): string[] {
  const urls: string[] = [];
  for (const value of Object.values(inputs)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item && typeof item === "object" && !Array.isArray(item)) {
        const mapping = item as Record<string, unknown>;
        if (mapping.transfer_method === "remote_url" && typeof mapping.url === "string")
          urls.push(mapping.url);
      }
    }
  }
  return urls;
}

/** Asks each URL's server what it holds (loopback hosts only); see the note above. */
export async function fetchRemoteAnswers(urls: readonly string[]): Promise<RemoteAnswers> {
  const answers = new Map<string, RemoteAnswer>();
  await Promise.all(
    [...new Set(urls)].map(async (url) => {
      const answer = await askRemote(url);
      if (answer) answers.set(url, answer);
    }),
  );
  return answers;
}

async function askRemote(url: string): Promise<RemoteAnswer | null> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/\.$/, "").toLowerCase();
  } catch {
    return null;
  }
  if (host === "invalid" || host.endsWith(".invalid")) return { failed: true };
  if (!LOOPBACK.has(host)) return null;
  try {
    // A HEAD; a server that does not take HEAD is asked with a GET whose body is not read.
    let response = await fetch(url, {
      method: "HEAD",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (response.status === 405 || response.status === 501)
      response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    await response.body?.cancel();
    // Only a 200 is read; any other status fails nothing: the link's path alone types the file.
    if (response.status !== 200) return { failed: false, mimeType: "", filename: "" };
    return {
      failed: false,
      mimeType: response.headers.get("content-type") ?? "",
      filename: filenameOf(response.headers.get("content-disposition")) ?? "",
    };
  } catch {
    return { failed: true };
  }
}

function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1].trim());
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/** The extension (no dot) and MIME type the newest server builds a remote file with. */
export function remoteFileFrom(
  url: URL,
  answer: RemoteAnswer | undefined,
): { extension: string; mimeType: string } {
  const told = answer && !answer.failed ? answer : null;
  const name = told?.filename || decodeURIComponent(url.pathname.split("/").pop() ?? "");
  const mimeType = guessType(name) || (told?.mimeType.split(";")[0] ?? "").trim();
  const extension =
    guessExtension(mimeType).slice(1) ||
    (name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : "") ||
    "bin";
  return { extension, mimeType };
}
