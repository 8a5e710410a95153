import type { ReactNode } from "react";
import { MarkdownImageOriginsProvider } from "@/components/markdown/markdown-image-origins-provider";
import { getEnv } from "@/lib/server/env";

export default function FormLayout({ children }: { children: ReactNode }) {
  return (
    <MarkdownImageOriginsProvider origins={getEnv().MARKDOWN_IMAGE_ORIGINS}>
      {children}
    </MarkdownImageOriginsProvider>
  );
}
