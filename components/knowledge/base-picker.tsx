import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { ListPager } from "@/components/knowledge/list-pager";
import { ListState } from "@/components/knowledge/list-state";
import { ListSearch } from "@/components/knowledge/list-search";
import { Button } from "@/components/ui/button";
import { useKnowledgeLocation, withBase } from "@/lib/knowledge/knowledge-location";
import type { KnowledgeBaseView, PageView } from "@/lib/knowledge/knowledge-views";

export function BasePicker({
  query,
  onTokenRefused,
}: {
  query: UseQueryResult<PageView<KnowledgeBaseView>>;
  onTokenRefused: () => void;
}) {
  const { location, go } = useKnowledgeLocation();
  const { base: chosen, baseQuery: keyword } = location;
  const t = useTranslations("knowledge.browse");
  const list = query.data;
  return (
    <section className="card knowledge-section" aria-labelledby="bases-title">
      <h2 id="bases-title">{t("bases.title")}</h2>
      <ListSearch
        landmark={t("bases.title")}
        id="bases-search"
        label={t("bases.searchLabel")}
        value={keyword}
        onSearch={(baseQuery) => go({ ...location, baseQuery, basePage: 1 })}
      />
      <ListState
        queries={[query]}
        empty={list?.items.length === 0}
        emptyText={keyword ? t("bases.noMatch", { keyword }) : t("bases.none")}
        gone="baseGone"
        onTokenRefused={onTokenRefused}
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
      {list ? (
        <ListPager
          label={t("bases.title")}
          list={list}
          onPage={(basePage) => go({ ...location, basePage })}
        />
      ) : null}
    </section>
  );
}
