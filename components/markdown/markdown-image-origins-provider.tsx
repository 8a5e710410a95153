"use client";

import { createContext, type ReactNode } from "react";

/** Origins Markdown images may load from (MARKDOWN_IMAGE_ORIGINS). */
export const MarkdownImageOriginsContext = createContext<readonly string[]>([]);

// Given per page, not by the root layout: /knowledge shows an anonymous visitor nothing of the
// server's configuration.
export function MarkdownImageOriginsProvider({
  origins,
  children,
}: {
  origins: readonly string[];
  children: ReactNode;
}) {
  return <MarkdownImageOriginsContext value={origins}>{children}</MarkdownImageOriginsContext>;
}
