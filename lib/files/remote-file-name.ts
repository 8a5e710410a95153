// What the newest Dify server makes of a remote file (`get_remote_file_info` and the remote URL
// builder in dify's api/factories/file_factory): the file name from `Content-Disposition`, else
// the URL path's last segment; the MIME type guessed from that name, else the `Content-Type`;
// the extension the MIME type implies, else the name's own, else `.bin`. The guesses are Python's
// `mimetypes` (its built-in table plus the Office types a Linux image's mime.types adds).

/** Python's `mimetypes` table for the types a file field meets; first extension is preferred. */
const MIME_TYPES: Record<string, readonly string[]> = {
  "application/json": ["json"],
  "application/msword": ["doc", "dot", "wiz"],
  "application/octet-stream": ["bin", "a", "dll", "exe", "o", "obj", "so"],
  "application/pdf": ["pdf"],
  "application/postscript": ["ps", "ai", "eps"],
  "application/rtf": ["rtf"],
  "application/vnd.ms-excel": ["xls", "xlb"],
  "application/vnd.ms-powerpoint": ["ppt", "pot", "ppa", "pps", "pwz"],
  "application/vnd.oasis.opendocument.text": ["odt"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ["pptx"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "application/x-tar": ["tar"],
  "application/xml": ["xsl", "rdf", "wsdl", "xpdl"],
  "application/zip": ["zip"],
  "audio/aac": ["aac"],
  "audio/mpeg": ["mp3", "mp2"],
  "audio/x-wav": ["wav"],
  "image/bmp": ["bmp"],
  "image/gif": ["gif"],
  "image/jpeg": ["jpg", "jpe", "jpeg"],
  "image/png": ["png"],
  "image/svg+xml": ["svg"],
  "image/tiff": ["tiff", "tif"],
  "image/webp": ["webp"],
  "message/rfc822": ["eml", "mht", "mhtml", "nws"],
  "text/css": ["css"],
  "text/csv": ["csv"],
  "text/html": ["html", "htm"],
  "text/markdown": ["md", "markdown"],
  "text/plain": ["txt", "bat", "c", "h", "ksh", "pl", "srt"],
  "text/vtt": ["vtt"],
  "text/x-python": ["py"],
  "text/xml": ["xml"],
  "video/mp4": ["mp4"],
  "video/mpeg": ["mpeg", "m1v", "mpa", "mpe", "mpg"],
  "video/quicktime": ["mov", "qt"],
  "video/webm": ["webm"],
};

const TYPE_OF_EXTENSION = new Map(
  Object.entries(MIME_TYPES).flatMap(([type, extensions]) =>
    extensions.map((extension) => [extension, type] as const),
  ),
);

/** `mimetypes.guess_type(name)`: by the extension, as written, else in lower case ("" if none). */
function mimeTypeOfName(name: string): string {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return "";
  const extension = name.slice(dot + 1);
  return TYPE_OF_EXTENSION.get(extension) ?? TYPE_OF_EXTENSION.get(extension.toLowerCase()) ?? "";
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The last segment of a URL's path, percent-decoded ("" when the path ends in `/`). */
const pathNameOf = (url: URL) => decoded(url.pathname.slice(url.pathname.lastIndexOf("/") + 1));

/** Whether a link's path alone decides its type: an extension Python's table knows. */
export const pathDecides = (url: URL) => mimeTypeOfName(pathNameOf(url)) !== "";

export type RemoteAnswer = { contentType: string; disposition: string };

/** The name, MIME type and extension (no dot) the newest server builds a remote file with. */
export function remoteFileOf(url: URL, answer: RemoteAnswer | null) {
  const name = (answer && dispositionName(answer.disposition)) || pathNameOf(url);
  const mimeType =
    mimeTypeOfName(name) || (answer?.contentType.split(";")[0] ?? "").trim().toLowerCase();
  const dot = name.lastIndexOf(".");
  // `mimetypes.guess_extension(type)`, else the name's own.
  const extension = MIME_TYPES[mimeType]?.[0] ?? (dot >= 0 ? name.slice(dot + 1) : "bin");
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
