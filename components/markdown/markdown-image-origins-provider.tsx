"use client";

import { createContext, type ReactNode } from "react";

/** Origins Markdown images may load from (MARKDOWN_IMAGE_ORIGINS). */
export const MarkdownImageOriginsContext = createContext<readonly string[]>([]);

/**
 * Where Markdown images may load from, for the pages that render Markdown. Given per page, not by
 * the root layout: /knowledge tells an anonymous visitor nothing about the server's configuration,
 * so it provides them only once a portal token is accepted.
 */
export function MarkdownImageOriginsProvider({
  origins,
  children,
}: {
  origins: readonly string[];
  children: ReactNode;
}) {
  return <MarkdownImageOriginsContext value={origins}>{children}</MarkdownImageOriginsContext>;
}
