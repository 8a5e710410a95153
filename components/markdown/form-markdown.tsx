import { lazy, Suspense } from "react";

// Markdown that arrives in the browser (a run's streamed text and outputs, the launcher's and the
// knowledge pages' text). react-markdown with remark-gfm weighs about 80 kB gzip: it comes in a
// chunk of its own, requested the first time such text renders, never in a page's first load (a
// form's own Markdown is rendered on the server: components/markdown/static-markdown.tsx). Until
// it is there the text shows as plain text (React escapes it; raw HTML never renders either way).

const MarkdownRenderer = lazy(() =>
  import("@/components/markdown/markdown-renderer").then((module) => ({
    default: module.MarkdownRenderer,
  })),
);

export function FormMarkdown({
  children,
  headingsDeeperBy,
}: {
  children: string;
  headingsDeeperBy?: number;
}) {
  return (
    <div className="markdown">
      <Suspense fallback={<p className="markdown-plain">{children}</p>}>
        <MarkdownRenderer headingsDeeperBy={headingsDeeperBy}>{children}</MarkdownRenderer>
      </Suspense>
    </div>
  );
}
