import { use } from "react";
import { MarkdownBody } from "@/components/markdown/markdown-body";
import { MarkdownImageOriginsContext } from "@/lib/markdown/markdown-image-origins-context";

/** The Markdown in the browser; loaded on its own by FormMarkdown (see form-markdown.tsx). */
export function MarkdownRenderer({
  children,
  headingsDeeperBy,
}: {
  children: string;
  headingsDeeperBy?: number;
}) {
  return (
    <MarkdownBody
      imageOrigins={use(MarkdownImageOriginsContext)}
      headingsDeeperBy={headingsDeeperBy}
    >
      {children}
    </MarkdownBody>
  );
}
