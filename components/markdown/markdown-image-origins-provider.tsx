"use client";

import type { ReactNode } from "react";
import { MarkdownImageOriginsContext } from "@/lib/markdown/markdown-image-origins-context";

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
