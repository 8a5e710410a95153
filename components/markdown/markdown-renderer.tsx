import { use, type ComponentProps } from "react";
import { MarkdownBody } from "@/components/markdown/markdown-body";
import { MarkdownImageOriginsContext } from "@/components/markdown/markdown-image-origins-provider";

/** The Markdown in the browser; loaded on its own by FormMarkdown. */
export function MarkdownRenderer(props: Omit<ComponentProps<typeof MarkdownBody>, "imageOrigins">) {
  return <MarkdownBody imageOrigins={use(MarkdownImageOriginsContext)} {...props} />;
}
