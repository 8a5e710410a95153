import { createContext } from "react";

/** Origins Markdown images may load from (MARKDOWN_IMAGE_ORIGINS), handed down from the layout. */
export const MarkdownImageOriginsContext = createContext<readonly string[]>([]);
