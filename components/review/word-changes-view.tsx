import { useTranslations } from "next-intl";
import { useWordChanges } from "@/lib/review/use-word-changes";

/** The text against its suggestion: additions as <ins>, removals as <del>, and how many. */
export function WordChangesView({
  suggestion,
  current,
  enabled,
}: {
  suggestion: string;
  current: string;
  enabled: boolean;
}) {
  const t = useTranslations("form.review");
  const changes = useWordChanges(suggestion, current, enabled);
  if (!enabled) return null;
  if (!changes) {
    return (
      <p className="field-hint" role="status">
        {t("comparing")}
      </p>
    );
  }
  const { parts, added, removed } = changes;
  const summary =
    added + removed > 0
      ? t("count", { added, removed })
      : current === suggestion
        ? t("unchanged")
        : t("spacingOnly");
  return (
    <>
      <p className="field-hint" role="status">
        {summary}
      </p>
      <div className="review-changes">
        {parts.map((part, index) =>
          part.kind === "same" ? (
            part.text
          ) : part.kind === "added" ? (
            <ins key={index}>
              <span className="visually-hidden">{t("addedStart")}</span>
              {part.text}
              <span className="visually-hidden">{t("addedEnd")}</span>
            </ins>
          ) : (
            <del key={index}>
              <span className="visually-hidden">{t("removedStart")}</span>
              {part.text}
              <span className="visually-hidden">{t("removedEnd")}</span>
            </del>
          ),
        )}
      </div>
    </>
  );
}
