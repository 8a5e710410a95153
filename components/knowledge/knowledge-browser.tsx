"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { use, useState } from "react";
import { ChunkDetails } from "@/components/knowledge/chunk-details";
import { DocumentsTable } from "@/components/knowledge/documents-table";
import { KnowledgeSession } from "@/components/knowledge/knowledge-session";
import { ListState } from "@/components/knowledge/list-state";
import { ListFilters, ListSearch } from "@/components/knowledge/list-search";
import { MetadataEditor } from "@/components/knowledge/metadata-editor";
import { useStatusText } from "@/components/knowledge/status-text";
import { Button } from "@/components/ui/button";
import {
  emptySelection,
  refreshSelection,
  selectPage,
  selectRange,
  toggleDocument,
  type DocumentSelection,
} from "@/lib/knowledge/document-selection";
import {
  DOCUMENT_STATUSES,
  PAGE_SIZES,
  SEGMENT_STATUSES,
} from "@/lib/knowledge/knowledge-list-query";
import { useKnowledgeLocation, withBase, withDocument } from "@/lib/knowledge/knowledge-location";
import {
  chunkQuery,
  documentsQuery,
  knowledgeBasesQuery,
  metadataFieldsQuery,
  segmentsQuery,
  type ChunkIds,
} from "@/lib/knowledge/queries";

/** /knowledge without ids: a base, its documents, their metadata and chunks, kept in the address. */
export function KnowledgeBrowser() {
  const t = useTranslations("knowledge.browse");
  const { token } = use(KnowledgeSession);
  const { location, go } = useKnowledgeLocation();
  const { base: chosen, baseQuery: keyword } = location;
  const bases = useQuery(
    knowledgeBasesQuery(token, { page: location.basePage, limit: PAGE_SIZES.bases, keyword }),
  );
  const list = bases.data;
  const baseName = list?.items.find((item) => item.id === chosen)?.name;
  return (
    <>
      <section className="card knowledge-section" aria-labelledby="bases-title">
        <h2 id="bases-title">{t("bases.title")}</h2>
        <ListSearch
          name="bases"
          landmark={t("bases.title")}
          value={keyword}
          onSearch={(baseQuery) => go({ ...location, baseQuery, basePage: 1 })}
        />
        <ListState
          queries={[bases]}
          list={list}
          label={t("bases.title")}
          onPage={(basePage) => go({ ...location, basePage })}
          emptyText={keyword ? t("bases.noMatch", { keyword }) : t("bases.none")}
          gone="baseGone"
        >
          <ul className="base-list">
            {list?.items.map((base) => {
              const current = base.id === chosen;
              return (
                <li key={base.id} className="base-item" aria-current={current || undefined}>
                  <div>
                    <p className="base-name">{base.name}</p>
                    {base.description ? <p className="muted">{base.description}</p> : null}
                    {base.documentCount !== null ? (
                      <p className="field-hint">
                        {t("bases.documents", { count: base.documentCount })}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    size="small"
                    variant={current ? "ghost" : "default"}
                    disabled={current}
                    aria-label={`${current ? t("bases.chosen") : t("bases.choose")}: ${base.name}`}
                    onClick={() => go(withBase(location, base.id))}
                  >
                    {current ? t("bases.chosen") : t("bases.choose")}
                  </Button>
                </li>
              );
            })}
          </ul>
        </ListState>
      </section>
      {chosen ? (
        <BaseWorkspace
          // A new base starts with nothing chosen.
          key={chosen}
          base={chosen}
          baseName={baseName ?? chosen}
        />
      ) : null}
    </>
  );
}

function BaseWorkspace({ base, baseName }: { base: string; baseName: string }) {
  const t = useTranslations("knowledge.browse");
  const { token } = use(KnowledgeSession);
  const { location, href, go } = useKnowledgeLocation();
  const fieldsQuery = useQuery(metadataFieldsQuery(token, base));
  const documents = useQuery(
    documentsQuery(token, base, {
      page: location.page,
      limit: PAGE_SIZES.documents,
      keyword: location.query,
      status: location.status,
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
  const filter = location.query || location.status;
  const openDocument = location.document
    ? (items.find((item) => item.id === location.document) ?? selection.get(location.document))
    : undefined;

  return (
    <>
      <section className="card knowledge-section" aria-labelledby="documents-title">
        <h2 id="documents-title">{t("documents.title", { base: baseName })}</h2>
        <ListFilters
          name="documents"
          landmark={t("documents.title", { base: baseName })}
          value={location.query}
          onSearch={(query) => go({ ...location, query, page: 1 })}
          statuses={DOCUMENT_STATUSES}
          status={location.status}
          onStatus={(status) => go({ ...location, status, page: 1 })}
        />
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
          list={list}
          label={t("documents.title", { base: baseName })}
          onPage={(page) => go({ ...location, page })}
          emptyText={filter ? t("documents.noMatch", { keyword: filter }) : t("documents.empty")}
          gone="baseGone"
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
      </section>
      {fields ? (
        <MetadataEditor target={{ kind: "chosen", datasetId: base, fields, selection }} />
      ) : null}
      {location.document ? (
        <DocumentChunks
          key={location.document}
          datasetId={base}
          documentId={location.document}
          documentName={openDocument?.name ?? location.document}
        />
      ) : null}
      {location.document && location.segment ? (
        <ChunkInFull
          ids={{ datasetId: base, documentId: location.document, segmentId: location.segment }}
        />
      ) : null}
    </>
  );
}

const PREVIEW_CHARACTERS = 180;

function DocumentChunks({
  datasetId,
  documentId,
  documentName,
}: {
  datasetId: string;
  documentId: string;
  documentName: string;
}) {
  const { token } = use(KnowledgeSession);
  const { location, href, go } = useKnowledgeLocation();
  const { chunkQuery: keyword, chunkStatus: status, chunkPage: page } = location;
  const t = useTranslations("knowledge.browse.chunks");
  const statusText = useStatusText();
  const query = useQuery(
    segmentsQuery(
      token,
      { datasetId, documentId },
      { page, limit: PAGE_SIZES.chunks, keyword, status },
    ),
  );
  const list = query.data;
  const filter = keyword || status;
  return (
    <section className="card knowledge-section" aria-labelledby="chunks-title">
      <div className="section-head">
        <h2 id="chunks-title">{t("title", { name: documentName })}</h2>
        <Link href={href(withDocument(location, null))} scroll={false}>
          {t("close")}
        </Link>
      </div>
      <ListFilters
        name="chunks"
        landmark={t("title", { name: documentName })}
        value={keyword}
        onSearch={(chunkQuery) => go({ ...location, chunkQuery, chunkPage: 1, segment: null })}
        statuses={SEGMENT_STATUSES}
        status={status}
        onStatus={(chunkStatus) => go({ ...location, chunkStatus, chunkPage: 1, segment: null })}
      />
      <ListState
        queries={[query]}
        list={list}
        label={t("title", { name: documentName })}
        onPage={(chunkPage) => go({ ...location, chunkPage })}
        emptyText={filter ? t("noMatch", { keyword: filter }) : t("empty")}
        gone="documentGone"
      >
        <ol className="chunk-list">
          {list?.items.map((chunk) => (
            <li key={chunk.id}>
              <Link href={href({ ...location, segment: chunk.id })} scroll={false}>
                {t("open", { position: chunk.position })}
              </Link>
              <p className="chunk-preview">
                {chunk.content.length > PREVIEW_CHARACTERS
                  ? `${chunk.content.slice(0, PREVIEW_CHARACTERS)}…`
                  : chunk.content}
              </p>
              <p className="field-hint">
                {t("facts", {
                  words: chunk.wordCount,
                  status: statusText(chunk.status),
                })}
              </p>
            </li>
          ))}
        </ol>
      </ListState>
    </section>
  );
}

function ChunkInFull({ ids }: { ids: ChunkIds }) {
  const t = useTranslations("knowledge.browse");
  const { token } = use(KnowledgeSession);
  const { location, href } = useKnowledgeLocation();
  const query = useQuery(chunkQuery(token, ids));
  return (
    <section className="card knowledge-section" aria-labelledby="chunk-full-title">
      <div className="section-head">
        <h2 id="chunk-full-title">{t("chunk.title")}</h2>
        <span className="inline-row">
          <a href={href(location)}>{t("chunk.link")}</a>
          <Link href={href({ ...location, segment: null })} scroll={false}>
            {t("chunk.close")}
          </Link>
        </span>
      </div>
      <ListState queries={[query]} gone="chunkGone">
        {query.data ? <ChunkDetails chunk={query.data} /> : null}
      </ListState>
    </section>
  );
}
