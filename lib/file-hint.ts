import { formatBytes } from "@/lib/file-category";
import type { FileFieldView, UploadLimits } from "@/lib/form-view";

const LIMIT_OF = {
  image: "imageBytes",
  video: "videoBytes",
  audio: "audioBytes",
  document: "documentBytes",
} as const;

/** A file field's constraints in words: how many, which kinds, how large, how. */
export function fileFieldHint(field: FileFieldView, limits: UploadLimits): string {
  const types = field.allowedTypes.filter(
    (type): type is keyof typeof LIMIT_OF => type in LIMIT_OF,
  );
  const extensions = field.allowedTypes.includes("custom") ? field.allowedExtensions : [];
  const kinds = [...types.map((type) => `${type}s`), ...extensions].join(", ");
  const count =
    field.kind === "file"
      ? "One file"
      : field.maxFiles > 0
        ? `Up to ${field.maxFiles} files`
        : "Any number of files";
  const sizes = types.map((type) => `${type}s up to ${formatBytes(limits[LIMIT_OF[type]])}`);
  if (extensions.length) sizes.push(`others up to ${formatBytes(limits.documentBytes)}`);
  const local = field.methods.includes("local_file");
  const remote = field.methods.includes("remote_url");
  const how = local && !remote ? " Uploads only." : !local && remote ? " Links only." : "";
  return `${count}${kinds ? ` (${kinds})` : ""}${sizes.length ? `; ${sizes.join(", ")}` : ""}.${how}`;
}
