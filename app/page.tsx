import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { Launcher } from "@/components/launcher/launcher";
import { MarkdownImageOriginsProvider } from "@/components/markdown/markdown-image-origins-provider";
import { ClientMessages } from "@/components/ui/client-messages";
import { StatusScreen } from "@/components/ui/status-screen";
import { getEnv } from "@/lib/server/env";

export default async function HomePage() {
  // Read at request time: whether the launcher is on is the running server's configuration.
  await connection();
  const t = await getTranslations("launcher");
  return (
    <main className="page">
      <header className="site-header">{t("header")}</header>
      {getEnv().LAUNCHER_ENABLED ? (
        <ClientMessages areas={["launcher", "form", "run", "fields"]}>
          <MarkdownImageOriginsProvider origins={getEnv().MARKDOWN_IMAGE_ORIGINS}>
            <Launcher />
          </MarkdownImageOriginsProvider>
        </ClientMessages>
      ) : (
        <StatusScreen title={t("off.title")}>
          <p>{t.rich("off.body", { code: (chunks) => <code>{chunks}</code> })}</p>
        </StatusScreen>
      )}
    </main>
  );
}
