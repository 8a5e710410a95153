import { useTranslations } from "next-intl";

/** Shown while the comparison (and the chunk that holds it) loads. */
export function ComparingWords() {
  const t = useTranslations("form.review");
  return (
    <p className="field-hint" role="status">
      {t("comparing")}
    </p>
  );
}
