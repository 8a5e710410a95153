import { MarkdownBody } from "@/components/markdown/markdown-body";

/**
 * Markdown rendered where it is imported from a server file: on the server, so the page's first
 * HTML holds it and react-markdown never reaches the browser for it. (Text that arrives in the
 * browser, such as a run's streamed output, uses FormMarkdown, which loads the renderer lazily.)
 */
export function StaticMarkdown({
  children,
  imageOrigins,
}: {
  children: string;
  imageOrigins: readonly string[];
}) {
  return (
    <div className="markdown">
      <MarkdownBody imageOrigins={imageOrigins}>{children}</MarkdownBody>
    </div>
  );
}
