"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { BasePicker } from "@/components/knowledge/base-picker";
import { ChunkInFull } from "@/components/knowledge/chunk-in-full";
import { DocumentChunks } from "@/components/knowledge/document-chunks";
import { DocumentsTable } from "@/components/knowledge/documents-table";
import { ListPager } from "@/components/knowledge/list-pager";
import { ListState } from "@/components/knowledge/list-state";
import { ListSearch } from "@/components/knowledge/list-search";
import { MetadataSetter } from "@/components/knowledge/metadata-setter";
import { StatusFilter } from "@/components/knowledge/status-filter";
import { Button } from "@/components/ui/button";
import {
  emptySelection,
  refreshSelection,
  selectPage,
  selectRange,
  toggleDocument,
  type DocumentSelection,
} from "@/lib/knowledge/document-selection";
import { DOCUMENT_STATUSES, PAGE_SIZES } from "@/lib/knowledge/knowledge-list-query";
import { useKnowledgeLocation, withDocument } from "@/lib/knowledge/knowledge-location";
import { documentsQuery, knowledgeBasesQuery, metadataFieldsQuery } from "@/lib/knowledge/queries";

/** /knowledge without ids: a base, its documents, their metadata and chunks, kept in the address. */
type ToolProps = { token: string; atomicUpdates: boolean; onTokenRefused: () => void };

export function KnowledgeBrowser({ token, atomicUpdates, onTokenRefused }: ToolProps) {
  const { location } = useKnowledgeLocation();
  const bases = useQuery(
    knowledgeBasesQuery(token, {
      page: location.basePage,
      limit: PAGE_SIZES.bases,
      keyword: location.baseQuery || undefined,
    }),
  );
  const baseName = bases.data?.items.find((item) => item.id === location.base)?.name;
  return (
    <>
      <BasePicker query={bases} onTokenRefused={onTokenRefused} />
      {location.base ? (
        <BaseWorkspace
          // A new base starts with nothing chosen.
          key={location.base}
          token={token}
          base={location.base}
          baseName={baseName ?? location.base}
          atomicUpdates={atomicUpdates}
          onTokenRefused={onTokenRefused}
        />
      ) : null}
    </>
  );
}

function BaseWorkspace({
  token,
  base,
  baseName,
  atomicUpdates,
  onTokenRefused,
}: ToolProps & {
  base: string;
  baseName: string;
}) {
  const t = useTranslations("knowledge.browse");
  const { location, href, go } = useKnowledgeLocation();
  const fieldsQuery = useQuery(metadataFieldsQuery(token, base));
  const documents = useQuery(
    documentsQuery(token, base, {
      page: location.page,
      limit: PAGE_SIZES.documents,
      keyword: location.query || undefined,
      status: location.status || undefined,
    }),
  );
  const [chosen, setChosen] = useState<DocumentSelection>(emptySelection);
  const [anchor, setAnchor] = useState<string | null>(null);
  const items = documents.data?.items ?? [];
  // After a refetch the chosen documents carry the values the server holds now.
  const selection = refreshSelection(chosen, items);
  if (selection !== chosen) setChosen(selection);
  const fields = fieldsQuery.data;
  const list = documents.data;
  const filtered = Boolean(location.query || location.status);
  const openDocument = location.document
    ? (items.find((item) => item.id === location.document) ?? selection.get(location.document))
    : undefined;

  return (
    <>
      <section className="card knowledge-section" aria-labelledby="documents-title">
        <h2 id="documents-title">{t("documents.title", { base: baseName })}</h2>
        <div className="list-filters">
          <ListSearch
            landmark={t("documents.title", { base: baseName })}
            id="documents-search"
            label={t("documents.searchLabel")}
            value={location.query}
            onSearch={(query) => go({ ...location, query, page: 1 })}
          />
          <StatusFilter
            id="documents-status"
            label={t("documents.statusLabel")}
            anyLabel={t("documents.anyStatus")}
            statuses={DOCUMENT_STATUSES}
            value={location.status}
            onChange={(status) => go({ ...location, status, page: 1 })}
          />
        </div>
        <div className="selection-bar" aria-live="polite">
          <p>{t("documents.selected", { count: selection.size })}</p>
          {selection.size > 0 ? (
            <Button size="small" onClick={() => setChosen(emptySelection())}>
              {t("documents.clear")}
            </Button>
          ) : null}
        </div>
        <ListState
          queries={[fieldsQuery, documents]}
          empty={list?.items.length === 0}
          emptyText={
            filtered
              ? t("documents.noMatch", { keyword: location.query || location.status })
              : t("documents.empty")
          }
          gone="baseGone"
          onTokenRefused={onTokenRefused}
        >
          {list && fields ? (
            <>
              {fields.fields.length === 0 ? (
                <p className="field-hint">{t("documents.noFields")}</p>
              ) : null}
              <DocumentsTable
                page={list.page}
                documents={list.items}
                fields={fields.fields}
                selection={selection}
                chunksHref={(documentId) => href(withDocument(location, documentId))}
                onToggle={(document, range) => {
                  setChosen(
                    range
                      ? selectRange(selection, list.items, anchor, document)
                      : toggleDocument(selection, document),
                  );
                  setAnchor(document.id);
                }}
                onTogglePage={(select) => setChosen(selectPage(selection, list.items, select))}
              />
            </>
          ) : null}
        </ListState>
        {list ? (
          <ListPager
            label={t("documents.title", { base: baseName })}
            list={list}
            onPage={(page) => go({ ...location, page })}
          />
        ) : null}
      </section>
      {fields ? (
        <MetadataSetter
          token={token}
          datasetId={base}
          fields={fields}
          selection={selection}
          atomicUpdates={atomicUpdates}
          onTokenRefused={onTokenRefused}
        />
      ) : null}
      {location.document ? (
        <DocumentChunks
          key={location.document}
          token={token}
          datasetId={base}
          documentId={location.document}
          documentName={openDocument?.name ?? location.document}
          onTokenRefused={onTokenRefused}
        />
      ) : null}
      {location.document && location.segment ? (
        <ChunkInFull
          token={token}
          ids={{ datasetId: base, documentId: location.document, segmentId: location.segment }}
          selfHref={href(location)}
          closeHref={href({ ...location, segment: null })}
          onTokenRefused={onTokenRefused}
        />
      ) : null}
    </>
  );
}
