import { lazy, Suspense } from "react";

// react-markdown with remark-gfm weighs about 80 kB gzip, as much as the rest of the page's own
// script: it comes in a chunk of its own, requested as soon as this module runs in the browser,
// so it loads in parallel with the form's data instead of in the page's first load. Until it is
// there the text shows as plain text (React escapes it; raw HTML never renders either way).

const loadRenderer = () => import("@/components/markdown/markdown-renderer");
const MarkdownRenderer = lazy(() =>
  loadRenderer().then((module) => ({ default: module.MarkdownRenderer })),
);
if (typeof window !== "undefined") void loadRenderer();

export function FormMarkdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <Suspense fallback={<p className="markdown-plain">{children}</p>}>
        <MarkdownRenderer>{children}</MarkdownRenderer>
      </Suspense>
    </div>
  );
}
