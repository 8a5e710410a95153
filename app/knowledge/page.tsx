import type { Metadata } from "next";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { KnowledgeTools } from "@/components/knowledge/knowledge-tools";
import { ClientMessages } from "@/components/ui/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("knowledge"))("title") };
}

export default async function KnowledgePage() {
  // Per request for its CSP nonce.
  await connection();
  const t = await getTranslations("knowledge");
  return (
    <main className="page page-wide">
      <header className="site-header">{t("title")}</header>
      <ClientMessages areas={["knowledge", "fields"]}>
        <KnowledgeTools />
      </ClientMessages>
    </main>
  );
}
