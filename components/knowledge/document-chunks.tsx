import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ListPager } from "@/components/knowledge/list-pager";
import { ListState } from "@/components/knowledge/list-state";
import { ListSearch } from "@/components/knowledge/list-search";
import { StatusFilter } from "@/components/knowledge/status-filter";
import { useStatusText } from "@/components/knowledge/status-text";
import { PAGE_SIZES, SEGMENT_STATUSES } from "@/lib/knowledge/knowledge-list-query";
import { useKnowledgeLocation, withDocument } from "@/lib/knowledge/knowledge-location";
import { segmentsQuery } from "@/lib/knowledge/queries";

const PREVIEW_CHARACTERS = 180;

export function DocumentChunks({
  token,
  datasetId,
  documentId,
  documentName,
  onTokenRefused,
}: {
  token: string;
  datasetId: string;
  documentId: string;
  documentName: string;
  onTokenRefused: () => void;
}) {
  const { location, href, go } = useKnowledgeLocation();
  const { chunkQuery: keyword, chunkStatus: status, chunkPage: page } = location;
  const t = useTranslations("knowledge.browse.chunks");
  const statusText = useStatusText();
  const query = useQuery(
    segmentsQuery(
      token,
      { datasetId, documentId },
      {
        page,
        limit: PAGE_SIZES.chunks,
        keyword: keyword || undefined,
        status: status || undefined,
      },
    ),
  );
  const list = query.data;
  const filtered = Boolean(keyword || status);
  return (
    <section className="card knowledge-section" aria-labelledby="chunks-title">
      <div className="section-head">
        <h2 id="chunks-title">{t("title", { name: documentName })}</h2>
        <Link href={href(withDocument(location, null))} scroll={false}>
          {t("close")}
        </Link>
      </div>
      <div className="list-filters">
        <ListSearch
          landmark={t("title", { name: documentName })}
          id="chunks-search"
          label={t("searchLabel")}
          value={keyword}
          onSearch={(chunkQuery) => go({ ...location, chunkQuery, chunkPage: 1, segment: null })}
        />
        <StatusFilter
          id="chunks-status"
          label={t("statusLabel")}
          anyLabel={t("anyStatus")}
          statuses={SEGMENT_STATUSES}
          value={status}
          onChange={(chunkStatus) => go({ ...location, chunkStatus, chunkPage: 1, segment: null })}
        />
      </div>
      <ListState
        queries={[query]}
        empty={list?.items.length === 0}
        emptyText={filtered ? t("noMatch", { keyword: keyword || status }) : t("empty")}
        gone="documentGone"
        onTokenRefused={onTokenRefused}
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
      {list ? (
        <ListPager
          label={t("title", { name: documentName })}
          list={list}
          onPage={(chunkPage) => go({ ...location, chunkPage })}
        />
      ) : null}
    </section>
  );
}
