import type { FileType } from "@/lib/dify/file-types";

// The file types a Dify server detects, in both generations: before graphon 0.7.0, substring tests
// on the MIME type; since, a normalised MIME type with prefixes and an allowlist, and `odt` as a
// document. The app cannot ask which one it talks to, so it sends the type both would take, else
// the type the newest would take, and refuses only what neither would.

export type ServerGeneration = "before-0.7" | "since-0.7";

type KnownType = Exclude<FileType, "custom">;

const DOCUMENTS = [
  "txt",
  "markdown",
  "md",
  "mdx",
  "pdf",
  "html",
  "htm",
  "xlsx",
  "xls",
  "vtt",
  "properties",
  "doc",
  "docx",
  "csv",
  "eml",
  "msg",
  "ppt",
  "pptx",
  "xml",
  "epub",
];

/** Extensions (no dot, lower case) the newest server files under each type. */
export const NEWEST_EXTENSIONS: Record<KnownType, readonly string[]> = {
  image: ["jpg", "jpeg", "png", "webp", "gif", "svg"],
  video: ["mp4", "mov", "mpeg", "webm"],
  audio: ["mp3", "m4a", "wav", "amr", "mpga"],
  document: [...DOCUMENTS, "odt"],
};

const LISTS: Record<ServerGeneration, Record<KnownType, readonly string[]>> = {
  "before-0.7": { ...NEWEST_EXTENSIONS, document: DOCUMENTS },
  "since-0.7": NEWEST_EXTENSIONS,
};

// The server's lists hold each extension in lower and in UPPER case, nothing in between.
function byExtension(generation: ServerGeneration, extension: string): KnownType | null {
  const bare = extension.replace(/^\.+/, "");
  for (const [type, list] of Object.entries(LISTS[generation]) as [KnownType, string[]][])
    if (list.includes(bare) || list.some((ext) => ext.toUpperCase() === bare)) return type;
  return null;
}

const DOCUMENT_MIME_TYPES = new Set([
  "application/epub+zip",
  "application/msword",
  "application/pdf",
  "application/dps",
  "application/et",
  "application/kswps",
  "application/vnd.ms-excel",
  "application/vnd.ms-outlook",
  "application/vnd.ms-powerpoint",
  "application/vnd.oasis.opendocument.text",
  "message/rfc822",
]);
const DOCUMENT_MIME_PREFIXES = [
  "application/vnd.openxmlformats-officedocument",
  "application/wps-office",
  "text/",
];

function byMimeType(generation: ServerGeneration, mimeType: string): FileType {
  if (generation === "before-0.7") {
    for (const type of ["image", "video", "audio"] as const)
      if (mimeType.includes(type)) return type;
    if (mimeType.includes("text") || mimeType.includes("pdf")) return "document";
    return "custom";
  }
  const normal = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  for (const type of ["image", "video", "audio"] as const)
    if (normal.startsWith(`${type}/`)) return type;
  if (DOCUMENT_MIME_TYPES.has(normal) || DOCUMENT_MIME_PREFIXES.some((p) => normal.startsWith(p)))
    return "document";
  return "custom";
}

/** The type a server of a generation detects from an extension (dot optional) and MIME type. */
export function detectFileType(
  generation: ServerGeneration,
  { extension = "", mimeType = "" }: { extension?: string; mimeType?: string },
): FileType {
  return (
    (extension ? byExtension(generation, extension) : null) ??
    (mimeType ? byMimeType(generation, mimeType) : "custom")
  );
}

type FileTypeConstraints = Record<"allowedTypes" | "allowedExtensions", readonly string[]>;

// Dify's field check (`is_file_valid_with_config`), the same in every generation: a type other
// than `custom` must be listed (an empty list takes all); `custom` must have its extension on the
// list exactly as the file carries it, with its dot: `["dotx"]` or `[".LOG"]` takes no file.
export function isFileTypeAllowed(
  type: FileType,
  extension: string,
  { allowedTypes: types, allowedExtensions: extensions }: FileTypeConstraints,
): boolean {
  if (type !== "custom") return types.length === 0 || types.includes(type);
  return extension !== "" && extensions.includes(`.${extension}`);
}

/** What the app sends for a file, and which generations take it (`detected`: the newest's type). */
type TypeChoice =
  | { verdict: "both" | "newest" | "older"; type: FileType }
  | { verdict: "none"; detected: FileType };

// A server builds the file and refuses any type but what it detects (`custom` included), so
// a file goes as its detected type, and only the generations detecting that type take it. A file
// only an older server takes (`.ott` as an OpenDocument template) goes as it takes it.
export function chooseFileType(
  file: { extension: string; mimeType: string },
  constraints: FileTypeConstraints,
): TypeChoice {
  const before = detectFileType("before-0.7", file);
  const since = detectFileType("since-0.7", file);
  const takes = (type: FileType) => isFileTypeAllowed(type, file.extension, constraints);
  if (takes(since) && since === before) return { verdict: "both", type: since };
  if (takes(since)) return { verdict: "newest", type: since };
  if (takes(before)) return { verdict: "older", type: before };
  return { verdict: "none", detected: since };
}
