import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ChunkDetails } from "@/components/knowledge/chunk-details";
import { ListState } from "@/components/knowledge/list-state";
import { chunkQuery, type ChunkIds } from "@/lib/knowledge/queries";

export function ChunkInFull({
  token,
  ids,
  selfHref,
  closeHref,
  onTokenRefused,
}: {
  token: string;
  ids: ChunkIds;
  selfHref: string;
  closeHref: string;
  onTokenRefused: () => void;
}) {
  const t = useTranslations("knowledge.browse");
  const query = useQuery(chunkQuery(token, ids));
  return (
    <section className="card knowledge-section" aria-labelledby="chunk-full-title">
      <div className="section-head">
        <h2 id="chunk-full-title">{t("chunk.title")}</h2>
        <span className="inline-row">
          <a href={selfHref}>{t("chunk.link")}</a>
          <Link href={closeHref} scroll={false}>
            {t("chunk.close")}
          </Link>
        </span>
      </div>
      <ListState queries={[query]} gone="chunkGone" onTokenRefused={onTokenRefused}>
        {query.data ? <ChunkDetails chunk={query.data} /> : null}
      </ListState>
    </section>
  );
}
