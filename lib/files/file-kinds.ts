import { SIZE_CATEGORIES, type SizeCategory } from "@/lib/files/upload-limits";
import type { FileFieldSpec } from "@/lib/fields/field-spec";
import { intlFormatter } from "@/lib/i18n/intl-formatter";

/** The words a hint is made of: a translator from the messages' root, and their locale. */
export type HintWords = {
  t: (key: string, values?: Record<string, string | number>) => string;
  locale: string;
};

const isSizeCategory = (type: string): type is SizeCategory =>
  (SIZE_CATEGORIES as readonly string[]).includes(type);

/** A file field's kinds by category, and the extensions it names. */
export const typesOf = (field: FileFieldSpec) => ({
  types: field.allowedTypes.filter(isSizeCategory),
  extensions: field.allowedTypes.includes("custom") ? field.allowedExtensions : [],
});

/** The kinds of file a field takes, in words of the page's language ("" when none). */
export function fileKinds(field: FileFieldSpec, { t, locale }: HintWords): string {
  const { types, extensions } = typesOf(field);
  const list = intlFormatter("ListFormat", locale, { type: "conjunction", style: "narrow" });
  return list.format([...types.map((type) => t(`form.fileHint.types.${type}`)), ...extensions]);
}
