import { createContext } from "react";

/** Origins Markdown images may load from (MARKDOWN_IMAGE_ORIGINS), handed down by MarkdownImageOriginsProvider. */
export const MarkdownImageOriginsContext = createContext<readonly string[]>([]);
