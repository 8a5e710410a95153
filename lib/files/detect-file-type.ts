import type { FileType } from "@/lib/dify/browser-schemas";

// The file type a Dify server detects for a file, and whether a field takes it. Shared by the app
// (to send the type the server will detect, and to refuse before an upload what the server would
// refuse after it) and by the embedded service (to refuse a mismatch the way a server does).
// Detection: the extension first, then the MIME type, then `custom`; see decision 006.

type KnownType = Exclude<FileType, "custom">;

const LISTS: Record<KnownType, readonly string[]> = {
  image: ["jpg", "jpeg", "png", "webp", "gif", "svg"],
  video: ["mp4", "mov", "mpeg", "webm"],
  audio: ["mp3", "m4a", "wav", "amr", "mpga"],
  document: [
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
  ],
};

// The server's lists hold each extension in lower and in upper case, nothing in between.
const BY_EXTENSION = new Map<string, KnownType>(
  (Object.entries(LISTS) as [KnownType, readonly string[]][]).flatMap(([type, list]) =>
    list.flatMap((ext) => [[ext, type] as const, [ext.toUpperCase(), type] as const]),
  ),
);

/** Extensions (no dot, lower case) the server files under a type. */
export function extensionsOfType(type: KnownType): readonly string[] {
  return LISTS[type];
}

/** The type a server detects from an extension (with or without its dot) and a MIME type. */
export function detectFileType({
  extension = "",
  mimeType = "",
}: {
  extension?: string;
  mimeType?: string;
}): FileType {
  const byExtension = BY_EXTENSION.get(extension.replace(/^\.+/, ""));
  if (byExtension) return byExtension;
  // Substring tests on the whole MIME string, parameters included, as the server does.
  if (mimeType.includes("image")) return "image";
  if (mimeType.includes("video")) return "video";
  if (mimeType.includes("audio")) return "audio";
  if (mimeType.includes("text") || mimeType.includes("pdf")) return "document";
  return "custom";
}

/** The extension an upload is stored with: after the last dot, lower case, no dot ("" if none). */
export function uploadExtensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** The type a server detects for an uploaded file: its stored (lower-case) extension, then MIME. */
export function detectUploadedFileType(name: string, mimeType: string): FileType {
  return detectFileType({ extension: uploadExtensionOf(name), mimeType });
}

/**
 * The type a server will most likely detect for a remote URL, from the extension of its last
 * path segment; null when that extension is missing or not on a list: the server then decides
 * from the MIME type the remote server sends, which only the server sees.
 */
export function guessRemoteFileType(url: string): KnownType | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const last = decodeURIComponent(path.split("/").pop() ?? "");
  const dot = last.lastIndexOf(".");
  if (dot <= 0) return null;
  return BY_EXTENSION.get(last.slice(dot + 1)) ?? null;
}

export interface FileTypeConstraints {
  allowed_file_types: readonly string[];
  allowed_file_extensions: readonly string[];
}

/**
 * Whether a field takes a file of a detected type with an extension (no dot): a type on the list
 * (an empty list takes every type), or `custom` with its extension on the extension list.
 */
export function isFileTypeAllowed(
  type: FileType,
  extension: string,
  { allowed_file_types: types, allowed_file_extensions: extensions }: FileTypeConstraints,
): boolean {
  if (types.length > 0 && !types.includes(type) && type !== "custom") return false;
  if (type === "custom") {
    const wanted = extensions.map((e) => e.replace(/^\./, "").toLowerCase());
    return extension !== "" && wanted.includes(extension.toLowerCase());
  }
  return true;
}
