import { NEWEST_EXTENSIONS } from "@/lib/files/detect-file-type";
import { uploadExtensionOf } from "@/lib/files/file-extension";
import { unmatchableExtensions } from "@/lib/files/unmatchable-extensions";
import { SIZE_CATEGORIES, type UploadLimits } from "@/lib/files/upload-limits";

/** The size limit (bytes) of a file name's category: image, video, audio by extension, else document. */
export function sizeLimitFor(name: string, limits: UploadLimits): number {
  const extension = uploadExtensionOf(name);
  const category = SIZE_CATEGORIES.find((type) => NEWEST_EXTENSIONS[type].includes(extension));
  return limits[`${category ?? "document"}Bytes`];
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
  for (const type of SIZE_CATEGORIES)
    if (allowedTypes.includes(type)) out.push(...NEWEST_EXTENSIONS[type].map((e) => `.${e}`));
  if (allowedTypes.includes("custom")) {
    const unmatchable = unmatchableExtensions(allowedExtensions);
    out.push(...allowedExtensions.filter((e) => !unmatchable.includes(e)));
  }
  return out;
}
