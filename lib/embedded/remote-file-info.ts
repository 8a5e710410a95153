// What a remote file's server answered, as a Dify server learns it before it types the file: the
// `Content-Disposition` file name, else the URL path's last segment; the extension lower-cased,
// else guessed from the `Content-Type`, else `.bin`.
//
// The service reaches no outside network: it fetches only loopback hosts (a test's own file
// server) and decides other URLs from their path alone. Hosts under the reserved `.invalid` TLD
// (RFC 2606) never resolve, so they stand in for an unreachable file; `files.test` (RFC 6761)
// stands in for a public file server and is fetched from loopback at the same port, since the app
// refuses links to loopback addresses before a real server would fetch them.

export type RemoteAnswer = { failed: true } | { failed: false; mimeType: string; filename: string };
export type RemoteAnswers = ReadonlyMap<string, RemoteAnswer>;

export const NO_REMOTE_ANSWERS: RemoteAnswers = new Map();

const FETCH_TIMEOUT_MS = 3_000;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
const PUBLIC_STAND_IN = "files.test";

// The few types a test sends without a file name; anything else is `.bin`, as for a server
// whose MIME table does not know the type.
const EXTENSION_OF_MIME: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "text/plain": "txt",
  "text/html": "html",
  "text/csv": "csv",
  "audio/mpeg": "mp3",
  "video/mp4": "mp4",
};

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
  if (!LOOPBACK.has(host) && host !== PUBLIC_STAND_IN) return null;
  const target = new URL(url);
  if (host === PUBLIC_STAND_IN) target.hostname = "127.0.0.1";
  try {
    const response = await fetch(target, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    await response.body?.cancel();
    if (!response.ok) return { failed: true };
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

/** The extension and MIME type a server builds a remote file with. */
export function remoteFileFrom(
  url: URL,
  answer: RemoteAnswer | undefined,
): { extension: string; mimeType: string } {
  const told = answer && !answer.failed ? answer : null;
  const name =
    told?.filename || decodeURIComponent(url.pathname.split("/").pop() ?? "") || url.hostname;
  const dot = name.lastIndexOf(".");
  const mimeType = told?.mimeType ?? "";
  const bareMime = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  const extension =
    dot > 0 ? name.slice(dot + 1).toLowerCase() : (EXTENSION_OF_MIME[bareMime] ?? "bin");
  return { extension, mimeType };
}
