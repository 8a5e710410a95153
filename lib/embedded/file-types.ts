import type { FileType } from "./store";

// How a Dify server decides a file's type, written from graphon's `src/graphon/file/` for each
// server generation this service can play. Never shared with the app: the app's own rules
// (lib/files) must be able to disagree with a server, and this is the server it disagrees with.

/** `before-0.7`: servers on graphon before 0.7.0; `since-0.7`: graphon 0.7.0 and later. */
export type ServerGeneration = "before-0.7" | "since-0.7";
export const SERVER_GENERATIONS = ["before-0.7", "since-0.7"] as const;

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

function extensionLists(generation: ServerGeneration): Record<KnownType, readonly string[]> {
  return {
    image: ["jpg", "jpeg", "png", "webp", "gif", "svg"],
    video: ["mp4", "mov", "mpeg", "webm"],
    audio: ["mp3", "m4a", "wav", "amr", "mpga"],
    // OpenDocument text joined the list in graphon 0.7.0.
    document: generation === "since-0.7" ? [...DOCUMENTS, "odt"] : DOCUMENTS,
  };
}

function byExtension(generation: ServerGeneration, extension: string): KnownType | null {
  const bare = extension.replace(/^\.+/, "");
  for (const [type, list] of Object.entries(extensionLists(generation)) as [
    KnownType,
    readonly string[],
  ][]) {
    // The server's sets hold each extension in lower and in UPPER case, nothing in between.
    if (list.includes(bare) || list.some((ext) => ext.toUpperCase() === bare)) return type;
  }
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
    // Substring tests on the whole string, parameters and case as sent.
    if (mimeType.includes("image")) return "image";
    if (mimeType.includes("video")) return "video";
    if (mimeType.includes("audio")) return "audio";
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

/** `standardize_file_type`: the extension first, then the MIME type, else `custom`. */
export function detectFileType(
  generation: ServerGeneration,
  { extension = "", mimeType = "" }: { extension?: string; mimeType?: string },
): FileType {
  return (
    (extension ? byExtension(generation, extension) : null) ??
    (mimeType ? byMimeType(generation, mimeType) : "custom")
  );
}

/** The size category of an upload's extension: image, video, audio, else document. */
export function sizeCategoryOf(extension: string): KnownType {
  const type = byExtension("since-0.7", extension.toLowerCase());
  return type ?? "document";
}

/**
 * The type a server gives a file built from a mapping (`_resolve_file_type`), or the refusal.
 * Before 0.7.0 an absent type counts as `custom`; since then (a strict build: the newest Human
 * Input submit, service-API run starts) an absent type takes the detected one. Either way any
 * other type than the detected one is refused, `custom` included.
 */
export function resolveFileType(
  generation: ServerGeneration,
  detected: FileType,
  specified: FileType | undefined,
): { type: FileType } | { refused: string } {
  const sent = specified ?? (generation === "before-0.7" ? "custom" : detected);
  return sent === detected
    ? { type: sent }
    : { refused: "Detected file type does not match the specified type. Please verify the file." };
}

export interface FileTypeConstraints {
  allowed_file_types: readonly string[];
  allowed_file_extensions: readonly string[];
}

/**
 * Whether a field takes a file (`is_file_valid_with_config`, the same in every version): a type
 * other than `custom` must be listed (an empty list takes all); a `custom` file's extension must
 * be on the list exactly, `.ext in allowed_file_extensions`, no case folding. Since 0.7.0 the
 * mapping's own extension is judged as sent; before, the built file's (stored lower case).
 */
export function isFileAllowed(
  generation: ServerGeneration,
  { type, extension }: { type: FileType; extension: string },
  { allowed_file_types: types, allowed_file_extensions: extensions }: FileTypeConstraints,
): boolean {
  if (types.length > 0 && !types.includes(type) && type !== "custom") return false;
  if (type !== "custom") return true;
  if (generation === "before-0.7")
    return extensions.includes(`.${extension.replace(/^\.+/, "").toLowerCase()}`);
  return extensions.includes(extension);
}
