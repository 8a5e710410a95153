import type { ReactNode } from "react";
import { ClientMessages } from "@/components/ui/client-messages";
import { MarkdownImageOriginsProvider } from "@/components/markdown/markdown-image-origins-provider";
import { getEnv } from "@/lib/server/env";

export default function FormLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages areas={["form", "run", "fields"]}>
      <MarkdownImageOriginsProvider origins={getEnv().MARKDOWN_IMAGE_ORIGINS}>
        {children}
      </MarkdownImageOriginsProvider>
    </ClientMessages>
  );
}
