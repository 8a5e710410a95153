import type { ReactNode } from "react";
import { ClientMessages } from "@/components/ui/client-messages";
import { MarkdownImageOriginsProvider } from "@/components/markdown/markdown-image-origins-provider";
import { getEnv } from "@/lib/server/env";

export default function FormLayout({ children }: { children: ReactNode }) {
  return (
    // The inbox's words: a form that needs its recipient signed in offers sign-out.
    <ClientMessages areas={["form", "run", "fields", "inbox"]}>
      <MarkdownImageOriginsProvider origins={getEnv().MARKDOWN_IMAGE_ORIGINS}>
        {children}
      </MarkdownImageOriginsProvider>
    </ClientMessages>
  );
}
