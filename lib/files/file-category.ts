import { extensionsOfType } from "@/lib/files/detect-file-type";
import { sizeLimitOf, type SizeCategory, type UploadLimits } from "@/lib/files/upload-limits";

export type { SizeCategory } from "@/lib/files/upload-limits";

// Dify's file categories by extension: the lists the server detects types with, which also pick
// an upload's size limit.
const EXTENSIONS = {
  image: extensionsOfType("image"),
  video: extensionsOfType("video"),
  audio: extensionsOfType("audio"),
  document: extensionsOfType("document"),
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** The category of an extension (no dot): image, video, audio, else document. */
export function categoryOfExtension(extension: string): SizeCategory {
  extension = extension.toLowerCase();
  if (EXTENSIONS.image.includes(extension)) return "image";
  if (EXTENSIONS.video.includes(extension)) return "video";
  if (EXTENSIONS.audio.includes(extension)) return "audio";
  return "document";
}

/** The category whose size limit applies to a file name. */
export function sizeCategoryOf(name: string): SizeCategory {
  return categoryOfExtension(extensionOf(name));
}

/** The size limit (bytes) of the category a file name falls in. */
export function sizeLimitFor(name: string, limits: UploadLimits): number {
  return sizeLimitOf(sizeCategoryOf(name), limits);
}

/** Extensions a file picker should offer, e.g. `.png,.jpg,…`. */
export function acceptedExtensions(
  allowedTypes: readonly string[],
  allowedExtensions: readonly string[],
): string[] {
  const out: string[] = [];
  // `image/*` is what makes phones offer the camera next to the photo library; a picture in a
  // format we do not take is then refused with a clear message before any upload.
  if (allowedTypes.includes("image")) out.push("image/*");
  for (const type of ["image", "video", "audio", "document"] as const) {
    if (allowedTypes.includes(type)) out.push(...EXTENSIONS[type].map((e) => `.${e}`));
  }
  if (allowedTypes.includes("custom")) {
    out.push(...allowedExtensions.map((e) => (e.startsWith(".") ? e : `.${e}`).toLowerCase()));
  }
  return out;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
