"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Suspense, useState } from "react";
import { ChunkViewer } from "@/components/knowledge/chunk-viewer";
import { KnowledgeBrowser } from "@/components/knowledge/knowledge-browser";
import { KnowledgeSession } from "@/components/knowledge/knowledge-session";
import { ListProblemNotice } from "@/components/knowledge/list-problem-notice";
import { MetadataEditor } from "@/components/knowledge/metadata-editor";
import { PortalTokenForm } from "@/components/knowledge/portal-token-form";
import { MarkdownImageOriginsProvider } from "@/components/markdown/markdown-image-origins-provider";
import { Button } from "@/components/ui/button";
import type { KnowledgeToolsStatus } from "@/lib/knowledge/knowledge-tools-status";
import {
  forgetPortalToken,
  savePortalToken,
  usePortalToken,
} from "@/lib/knowledge/portal-token-storage";
import { knowledgeStatusQuery } from "@/lib/knowledge/queries";

// The page is the same on every server until a token is accepted: whether the tools can work here
// is asked with the token, never rendered into the page.
// The editor's ids-by-hand case; one object, so the editor's schema is built once.
const BY_HAND = { kind: "byHand" } as const;

export function KnowledgeTools() {
  const t = useTranslations("knowledge");
  const token = usePortalToken();
  const [refused, setRefused] = useState(false);
  // The last token entered: the browser stays mounted while a refused token is re-entered, so
  // the choice of documents and what was typed stay.
  const [kept, setKept] = useState<string | null>(null);
  if (token && token !== kept) setKept(token);
  const query = useQuery({ ...knowledgeStatusQuery(kept ?? ""), enabled: kept !== null });
  // The last status a token was told: what is typed below stays while another token is tried.
  const [known, setKnown] = useState<KnowledgeToolsStatus | null>(null);
  if (query.data && query.data !== known) setKnown(query.data);
  const status = query.data ?? known;
  const onTokenRefused = () => {
    forgetPortalToken();
    setRefused(true);
  };
  const problem = query.error ? (
    <ListProblemNotice
      error={query.error}
      gone="baseGone"
      onTokenRefused={onTokenRefused}
      onRetry={() => void query.refetch()}
    />
  ) : null;

  const loading = (
    <section className="card" aria-busy="true">
      <p className="muted">{t("loading")}</p>
    </section>
  );
  if (token === undefined) return loading;
  const workspace = (kept: string) => {
    if (!status) return problem ?? loading;
    if (!status.enabled) {
      return (
        <section className="card stack" data-tone="warning" aria-labelledby="knowledge-off-title">
          <h2 id="knowledge-off-title">{t("off.title")}</h2>
          <p>
            {t.rich("off.body", {
              count: status.missing.length,
              // The names are a list of <code>s, so the message marks where the list goes.
              names: () =>
                status.missing.map((name, index) => (
                  <span key={name}>
                    {index > 0 ? t("off.separator") : null}
                    <code>{name}</code>
                  </span>
                )),
            })}
          </p>
        </section>
      );
    }
    return (
      <MarkdownImageOriginsProvider origins={status.imageOrigins}>
        <KnowledgeSession
          value={{ token: kept, atomicUpdates: status.atomicUpdates, onTokenRefused }}
        >
          {problem}
          <Suspense>
            <KnowledgeBrowser />
          </Suspense>
          <section className="knowledge-section" aria-labelledby="by-ids-title">
            <h2 id="by-ids-title">{t("byIds.title")}</h2>
            <p className="muted">{t("byIds.intro")}</p>
          </section>
          <ChunkViewer token={token} />
          <MetadataEditor target={BY_HAND} />
        </KnowledgeSession>
      </MarkdownImageOriginsProvider>
    );
  };

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
      <div hidden={!token}>{kept ? workspace(kept) : null}</div>
    </>
  );
}
