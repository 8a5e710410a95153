"use client";

import { useTranslations } from "next-intl";
import { Suspense, useState } from "react";
import { ChunkViewer } from "@/components/knowledge/chunk-viewer";
import { KnowledgeBrowser } from "@/components/knowledge/knowledge-browser";
import { MetadataEditor } from "@/components/knowledge/metadata-editor";
import { PortalTokenForm } from "@/components/knowledge/portal-token-form";
import { Button } from "@/components/ui/button";
import { StatusScreen } from "@/components/ui/status-screen";
import type { KnowledgeToolsStatus } from "@/lib/knowledge/knowledge-tools-status";
import { forgetPortalToken, savePortalToken } from "@/lib/knowledge/portal-token-storage";
import { usePortalToken } from "@/lib/knowledge/use-portal-token";

/** /knowledge: the portal token gate, then the chunk viewer and the batch metadata editor. */
export function KnowledgeTools({ status }: { status: KnowledgeToolsStatus }) {
  const t = useTranslations("knowledge");
  if (!status.enabled) {
    const missing = status.missing;
    return (
      <StatusScreen title={t("off.title")} tone="warning">
        <p>
          {t.rich("off.body", {
            count: missing.length,
            // The names are a list of <code>s, so the message marks where the list goes.
            names: () =>
              missing.map((name, index) => (
                <span key={name}>
                  {index > 0 ? t("off.separator") : null}
                  <code>{name}</code>
                </span>
              )),
          })}
        </p>
      </StatusScreen>
    );
  }
  return <KnowledgeWorkspace atomicUpdates={status.atomicUpdates} />;
}

function KnowledgeWorkspace({ atomicUpdates }: { atomicUpdates: boolean }) {
  const t = useTranslations("knowledge");
  const token = usePortalToken();
  const [refused, setRefused] = useState(false);
  // The last token entered: the browser stays mounted while a refused token is re-entered, so
  // the choice of documents and what was typed stay.
  const [kept, setKept] = useState<string | null>(null);
  if (token && token !== kept) setKept(token);
  const onTokenRefused = () => {
    forgetPortalToken();
    setRefused(true);
  };

  if (token === undefined) {
    return (
      <section className="card" aria-busy="true">
        <p className="muted">{t("loading")}</p>
      </section>
    );
  }
  return (
    <>
      <section className="card stack" aria-labelledby="knowledge-title">
        <h1 id="knowledge-title">{t("title")}</h1>
        <p className="muted">{t("intro")}</p>
        {token ? (
          <div className="token-status">
            <p>{t("token.kept")}</p>
            <Button onClick={forgetPortalToken}>{t("token.forget")}</Button>
          </div>
        ) : (
          <PortalTokenForm
            refused={refused}
            onSave={(value) => {
              setRefused(false);
              savePortalToken(value);
            }}
          />
        )}
      </section>
      {/* Kept mounted while the token is re-entered, so nothing typed below is lost. */}
      <div hidden={!token}>
        {kept ? (
          <Suspense>
            <KnowledgeBrowser
              token={kept}
              atomicUpdates={atomicUpdates}
              onTokenRefused={onTokenRefused}
            />
          </Suspense>
        ) : null}
        <section className="knowledge-section" aria-labelledby="by-ids-title">
          <h2 id="by-ids-title">{t("byIds.title")}</h2>
          <p className="muted">{t("byIds.intro")}</p>
        </section>
        <ChunkViewer token={token} onTokenRefused={onTokenRefused} />
        <MetadataEditor
          token={token}
          atomicUpdates={atomicUpdates}
          onTokenRefused={onTokenRefused}
        />
      </div>
    </>
  );
}
