import { useTranslations } from "next-intl";
import type { Answers } from "@/lib/form/answers";
import type { FieldView } from "@/lib/form/form-view";

/** What was sent, field by field, in the form's own order. */
export function SubmittedSummary({ fields, answers }: { fields: FieldView[]; answers: Answers }) {
  const t = useTranslations("form.sent");
  const rows = fields.filter((field) => field.kind !== "unknown");
  if (rows.length === 0) return null;
  return (
    <dl className="summary-list" aria-label={t("summary")}>
      {rows.map((field) => {
        const value = answers[field.name];
        let shown: string;
        if (Array.isArray(value))
          shown = value.length ? value.map((file) => file.name).join(", ") : t("noFiles");
        else shown = value?.trim() ? value : t("empty");
        return (
          <div key={field.name}>
            <dt>{field.label}</dt>
            <dd>{shown}</dd>
          </div>
        );
      })}
    </dl>
  );
}
