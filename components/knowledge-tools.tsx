"use client";

import { useState } from "react";
import { ChunkViewer } from "@/components/chunk-viewer";
import { MetadataEditor } from "@/components/metadata-editor";
import { PortalTokenForm } from "@/components/portal-token-form";
import { Button } from "@/components/ui/button";
import { StatusScreen } from "@/components/ui/status-screen";
import type { KnowledgeToolsStatus } from "@/lib/knowledge-tools-status";
import { forgetPortalToken, savePortalToken } from "@/lib/portal-token-storage";
import { usePortalToken } from "@/lib/use-portal-token";

/** /knowledge: the portal token gate, then the chunk viewer and the batch metadata editor. */
export function KnowledgeTools({ status }: { status: KnowledgeToolsStatus }) {
  if (!status.enabled) {
    return (
      <StatusScreen title="The knowledge tools are off" tone="warning">
        <p>
          This server has no{" "}
          {status.missing.map((name, index) => (
            <span key={name}>
              {index > 0 ? " and no " : null}
              <code>{name}</code>
            </span>
          ))}{" "}
          set. Set {status.missing.length > 1 ? "them" : "it"} in the server’s environment and
          restart the app to turn these tools on.
        </p>
      </StatusScreen>
    );
  }
  return <KnowledgeWorkspace atomicUpdates={status.atomicUpdates} />;
}

function KnowledgeWorkspace({ atomicUpdates }: { atomicUpdates: boolean }) {
  const token = usePortalToken();
  const [refused, setRefused] = useState(false);
  const onTokenRefused = () => {
    forgetPortalToken();
    setRefused(true);
  };

  if (token === undefined) {
    return (
      <section className="card" aria-busy="true">
        <p className="muted">Loading…</p>
      </section>
    );
  }
  return (
    <>
      <section className="card stack" aria-labelledby="knowledge-title">
        <h1 id="knowledge-title">Knowledge tools</h1>
        <p className="muted">
          Read a chunk of a knowledge base in full, and set the metadata of several documents in one
          request.
        </p>
        {token ? (
          <div className="token-status">
            <p>The portal token is kept in this tab until you close it.</p>
            <Button onClick={forgetPortalToken}>Forget token</Button>
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
