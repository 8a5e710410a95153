import { use } from "react";
import { MarkdownBody } from "@/components/markdown/markdown-body";
import { MarkdownImageOriginsContext } from "@/components/markdown/markdown-image-origins-provider";

/** The Markdown in the browser; loaded on its own by FormMarkdown. */
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
