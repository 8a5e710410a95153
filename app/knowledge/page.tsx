import type { Metadata } from "next";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { KnowledgeTools } from "@/components/knowledge/knowledge-tools";
import { getEnv } from "@/lib/server/env";
import { knowledgeToolsStatus } from "@/lib/knowledge/knowledge-tools-status";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("knowledge"))("title") };
}

export default async function KnowledgePage() {
  // The environment is read per request, not baked in at build time.
  await connection();
  const t = await getTranslations("knowledge");
  return (
    <main className="page page-wide">
      <header className="site-header">{t("title")}</header>
      <KnowledgeTools status={knowledgeToolsStatus(getEnv())} />
    </main>
  );
}
