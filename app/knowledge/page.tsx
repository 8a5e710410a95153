import type { Metadata } from "next";
import { connection } from "next/server";
import { KnowledgeTools } from "@/components/knowledge-tools";
import { getEnv } from "@/lib/env";
import { knowledgeToolsStatus } from "@/lib/knowledge-tools-status";

export const metadata: Metadata = { title: "Knowledge tools" };

export default async function KnowledgePage() {
  // The environment is read per request, not baked in at build time.
  await connection();
  return (
    <main className="page">
      <header className="site-header">Knowledge tools</header>
      <KnowledgeTools status={knowledgeToolsStatus(getEnv())} />
    </main>
  );
}
