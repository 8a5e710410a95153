import { useLocale, useTranslations } from "next-intl";
import { formatBytes } from "@/lib/files/format-bytes";
import { intlFormatter } from "@/lib/i18n/intl-formatter";
import { SIZE_CATEGORIES, type SizeCategory, type UploadLimits } from "@/lib/files/upload-limits";
import type { FileFieldSpec } from "@/lib/fields/field-spec";

const isSizeCategory = (type: string): type is SizeCategory =>
  (SIZE_CATEGORIES as readonly string[]).includes(type);

const typesOf = (field: FileFieldSpec) => ({
  types: field.allowedTypes.filter(isSizeCategory),
  extensions: field.allowedTypes.includes("custom") ? field.allowedExtensions : [],
});

/** The kinds of file a field takes, in words of the page's language ("" when none). */
export function useFileKinds() {
  const t = useTranslations("form.fileHint.types");
  const list = intlFormatter("ListFormat", useLocale(), { type: "conjunction", style: "narrow" });
  return (field: FileFieldSpec): string => {
    const { types, extensions } = typesOf(field);
    return list.format([...types.map((type) => t(type)), ...extensions]);
  };
}

/** A file field's constraints in words of the page's language: how many, which kinds, how large, how. */
export function useFileFieldHint() {
  const t = useTranslations("form.fileHint");
  const kinds = useFileKinds();
  const list = intlFormatter("ListFormat", useLocale(), { type: "conjunction", style: "narrow" });
  return (field: FileFieldSpec, limits: UploadLimits): string => {
    const { types, extensions } = typesOf(field);
    const sizes = types.map((type) =>
      t("sizeOf", { kind: t(`types.${type}`), size: formatBytes(limits[`${type}Bytes`]) }),
    );
    if (extensions.length)
      sizes.push(t("sizeOfOthers", { size: formatBytes(limits.documentBytes) }));
    const local = field.methods.includes("local_file");
    const remote = field.methods.includes("remote_url");
    return t("summary", {
      max: field.kind === "file" ? 1 : field.maxFiles,
      kinds: kinds(field),
      sizes: list.format(sizes),
      how: local && !remote ? "uploads" : !local && remote ? "links" : "both",
    });
  };
}
