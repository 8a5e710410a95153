import { guessExtension, guessType } from "@/lib/files/python-mime-types";

// What the newest Dify server makes of a remote file (`get_remote_file_info` and the remote URL
// builder in dify's api/factories/file_factory): the file name from `Content-Disposition`, else
// the URL path's last segment; the MIME type guessed from that name, else the `Content-Type`;
// the extension the MIME type implies, else the name's own, else `.bin`. The guesses are Python's
// `mimetypes` as Dify's image has it (lib/files/python-mime-types.ts, generated).

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The last segment of a URL's path, percent-decoded ("" when the path ends in `/`). */
const pathNameOf = (url: URL) => decoded(url.pathname.slice(url.pathname.lastIndexOf("/") + 1));

/** Whether a link's path alone types it, should its server not answer: a name Python types. */
export const pathDecides = (url: URL) => guessType(pathNameOf(url)) !== "";

export type RemoteAnswer = { contentType: string; disposition: string };

/** The name, MIME type and extension (no dot) the newest server builds a remote file with. */
export function remoteFileOf(url: URL, answer: RemoteAnswer | null) {
  const name = (answer && dispositionName(answer.disposition)) || pathNameOf(url);
  // The header only when the name says nothing, as sent (not lower-cased).
  const mimeType = guessType(name) || (answer?.contentType.split(";")[0] ?? "").trim();
  const dot = name.lastIndexOf(".");
  // `mimetypes.guess_extension(type)`, else the name's own.
  const extension =
    guessExtension(mimeType).slice(1) || (dot >= 0 ? name.slice(dot + 1) : "") || "bin";
  return { name: name || url.hostname, mimeType, extension };
}

/** The file name of a `Content-Disposition` (`filename*` first), without any directory. */
export function dispositionName(disposition: string): string {
  let name = "";
  const star = /filename\*=([^;]+)/i.exec(disposition)?.[1]?.trim().replace(/"$/, "");
  if (star) name = decoded(star.split("'").slice(2).join("'") || star);
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]*)/i.exec(disposition);
    name = decoded((plain?.[2] ?? plain?.[1] ?? "").trim());
  }
  return name.split("/").pop()?.trim() ?? "";
}
