import { lazy, Suspense, type ComponentProps } from "react";

// Markdown that arrives in the browser. react-markdown with remark-gfm weighs about 80 kB gzip, so
// it loads the first time such text renders, never in a page's first load; until then the text
// shows as plain text (React escapes it; raw HTML never renders either way).

const MarkdownRenderer = lazy(() =>
  import("@/components/markdown/markdown-renderer").then((module) => ({
    default: module.MarkdownRenderer,
  })),
);

export function FormMarkdown(props: ComponentProps<typeof MarkdownRenderer>) {
  return (
    <div className="markdown">
      <Suspense fallback={<p className="markdown-plain">{props.children}</p>}>
        <MarkdownRenderer {...props} />
      </Suspense>
    </div>
  );
}
