import { useTranslations } from "next-intl";
import { lazy, Suspense, type ReactNode } from "react";
import { useWatch, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { FormMarkdown } from "@/components/markdown/form-markdown";
import { ComparingWords } from "@/components/review/comparing-words";
import { useInBrowser } from "@/lib/client/use-in-browser";
import { useReviewTabs, type ReviewView } from "@/lib/review/use-review-tabs";

// Outside the page's first load, with the diff library it brings: loaded once Changes is opened.
const WordChangesView = lazy(() =>
  import("@/components/review/word-changes-view").then((module) => ({
    default: module.WordChangesView,
  })),
);

/** A paragraph field's views: Write (`children`), Preview and, with a suggested draft, Changes. */
export function ParagraphReview<T extends FieldValues>({
  id,
  control,
  name,
  suggestion,
  children,
}: {
  id: string;
  control: Control<T>;
  name: FieldPath<T>;
  suggestion: string | undefined;
  children: ReactNode;
}) {
  const t = useTranslations("form.review");
  const views: ReviewView[] = suggestion ? ["write", "preview", "changes"] : ["write", "preview"];
  const { selected, onKeyDown, tabProps, panelProps } = useReviewTabs(id, views);
  const value = useWatch({ control, name });
  const text = typeof value === "string" ? value : "";
  // The tabs do nothing until the page hydrates; the textarea takes input at once.
  const inBrowser = useInBrowser();
  return (
    <div className="paragraph-review">
      <div
        role="tablist"
        // Not named after the field: a search for the field by its label finds the field alone.
        aria-label={t("views")}
        className="review-tabs"
        onKeyDown={onKeyDown}
        inert={!inBrowser}
      >
        {views.map((view) => (
          <button key={view} className="review-tab" {...tabProps(view)}>
            {t(view)}
          </button>
        ))}
      </div>
      <div {...panelProps("write")}>{children}</div>
      <div {...panelProps("preview")} className="review-panel" tabIndex={0}>
        {selected === "preview" ? (
          text.trim() ? (
            <FormMarkdown headingsDeeperBy={2}>{text}</FormMarkdown>
          ) : (
            <p className="field-hint">{t("nothingToPreview")}</p>
          )
        ) : null}
      </div>
      {suggestion ? (
        <div {...panelProps("changes")} className="review-panel" tabIndex={0}>
          {selected === "changes" ? (
            <Suspense fallback={<ComparingWords />}>
              <WordChangesView suggestion={suggestion} current={text} />
            </Suspense>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
