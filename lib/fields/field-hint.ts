import { formatBytes } from "@/lib/files/format-bytes";
import { fileKinds, typesOf, type HintWords } from "@/lib/files/file-kinds";
import type { FieldSpec } from "@/lib/fields/field-spec";
import type { UploadLimits } from "@/lib/files/upload-limits";
import { intlFormatter } from "@/lib/i18n/intl-formatter";

/**
 * What a field takes, in words of the page's language: its files' kinds and sizes, its length,
 * JSON, an empty list, an unknown kind. The form page's server says it, so the browser builds no
 * `Intl` formatter while the page hydrates; the launcher's browser, which reads its fields itself.
 */
export function fieldHint(field: FieldSpec, limits: UploadLimits, words: HintWords): string | null {
  const { t, locale } = words;
  switch (field.kind) {
    case "file":
    case "file-list": {
      const { types, extensions } = typesOf(field);
      const sizes = types.map((type) =>
        t("form.fileHint.sizeOf", {
          kind: t(`form.fileHint.types.${type}`),
          size: formatBytes(limits[`${type}Bytes`]),
        }),
      );
      if (extensions.length)
        sizes.push(t("form.fileHint.sizeOfOthers", { size: formatBytes(limits.documentBytes) }));
      const local = field.methods.includes("local_file");
      const remote = field.methods.includes("remote_url");
      const list = intlFormatter("ListFormat", locale, { type: "conjunction", style: "narrow" });
      return t("form.fileHint.summary", {
        max: field.kind === "file" ? 1 : field.maxFiles,
        kinds: fileKinds(field, words),
        sizes: list.format(sizes),
        how: local && !remote ? "uploads" : !local && remote ? "links" : "both",
      });
    }
    case "text":
    case "paragraph":
      return field.maxLength
        ? t("fields.hints.maxLength", {
            max: intlFormatter("NumberFormat", locale, undefined).format(field.maxLength),
          })
        : null;
    case "json":
      return t("fields.hints.jsonHint");
    case "select":
      return field.options.length === 0 ? t("fields.hints.noOptions") : null;
    case "other":
      return t("fields.hints.unknownType", { type: field.type });
    default:
      return null;
  }
}
