import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { ComparingWords } from "@/components/review/comparing-words";
import { compareWords, type WordChanges } from "@/lib/review/word-changes";

/** The text against its suggestion: additions as <ins>, removals as <del>, and how many. */
export function WordChangesView({ suggestion, current }: { suggestion: string; current: string }) {
  const t = useTranslations("form.review");
  const locale = useLocale();
  const [compared, setCompared] = useState<{ key: string; changes: WordChanges } | null>(null);
  const key = `${locale}\u0000${suggestion}\u0000${current}`;
  useEffect(() => {
    let live = true;
    void compareWords(suggestion, current, locale).then((changes) => {
      if (live) setCompared({ key, changes });
    });
    return () => {
      live = false;
    };
  }, [suggestion, current, locale, key]);
  // Until the newest text is compared, the comparison shows as under way.
  const changes = compared?.key === key ? compared.changes : null;
  if (!changes) return <ComparingWords />;
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
        {parts.map((part, index) => {
          if (part.kind === "same") return part.text;
          const Mark = part.kind === "added" ? "ins" : "del";
          return (
            <Mark key={index}>
              <span className="visually-hidden">{t(`${part.kind}Start`)}</span>
              {part.text}
              <span className="visually-hidden">{t(`${part.kind}End`)}</span>
            </Mark>
          );
        })}
      </div>
    </>
  );
}
