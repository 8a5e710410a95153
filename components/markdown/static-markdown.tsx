import type { ComponentProps } from "react";
import { MarkdownBody } from "@/components/markdown/markdown-body";

/**
 * Markdown rendered where it is imported from a server file: on the server, so the page's first
 * HTML holds it and react-markdown never reaches the browser for it.
 */
export function StaticMarkdown(props: ComponentProps<typeof MarkdownBody>) {
  return (
    <div className="markdown">
      <MarkdownBody {...props} />
    </div>
  );
}
