import { lazy, Suspense, use, type ComponentProps } from "react";
import { MarkdownImageOriginsContext } from "@/components/markdown/markdown-image-origins-provider";

// Markdown that arrives in the browser: react-markdown (about 80 kB gzip) loads when it first
// renders, never in a page's first load; until then the text shows as plain text.

const MarkdownBody = lazy(() =>
  import("@/components/markdown/markdown-body").then((module) => ({
    default: module.MarkdownBody,
  })),
);

export function FormMarkdown(props: Omit<ComponentProps<typeof MarkdownBody>, "imageOrigins">) {
  const imageOrigins = use(MarkdownImageOriginsContext);
  return (
    <div className="markdown">
      <Suspense fallback={<p className="markdown-plain">{props.children}</p>}>
        <MarkdownBody imageOrigins={imageOrigins} {...props} />
      </Suspense>
    </div>
  );
}
