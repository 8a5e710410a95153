import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { use, type ReactNode } from "react";
import { KnowledgeSession } from "@/components/knowledge/knowledge-session";
import { ListProblemNotice } from "@/components/knowledge/list-problem-notice";
import { Button } from "@/components/ui/button";
import type { PageView } from "@/lib/knowledge/knowledge-views";

/** Loading, a problem, the empty text or the children; then the pager of `list`, named `label`. */
export function ListState({
  queries,
  list,
  label = "",
  onPage,
  emptyText,
  gone,
  children,
}: {
  queries: readonly UseQueryResult<unknown>[];
  list?: PageView<unknown>;
  label?: string;
  onPage?: (page: number) => void;
  emptyText?: string;
  gone: "baseGone" | "documentGone" | "chunkGone";
  children: ReactNode;
}) {
  const t = useTranslations("knowledge.browse");
  const { onTokenRefused } = use(KnowledgeSession);
  const error = queries.find((query) => query.error)?.error;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.limit)) : 1;
  return (
    <>
      <div aria-live="polite" aria-busy={queries.some((query) => query.isFetching) || undefined}>
        {error ? (
          <ListProblemNotice
            error={error}
            gone={gone}
            onTokenRefused={onTokenRefused}
            onRetry={() => queries.forEach((query) => void query.refetch())}
          />
        ) : queries.some((query) => !query.data) ? (
          <p className="muted">{t("loading")}</p>
        ) : list?.items.length === 0 ? (
          <p className="muted">{emptyText}</p>
        ) : (
          children
        )}
      </div>
      {list && onPage && (pages > 1 || list.page !== 1) ? (
        <nav className="list-pager" aria-label={t("pager", { what: label })}>
          <Button size="small" disabled={list.page <= 1} onClick={() => onPage(list.page - 1)}>
            {t("previous")}
          </Button>
          <span aria-live="polite">
            {t("pageOf", { page: list.page, pages, total: list.total })}
          </span>
          <Button size="small" disabled={!list.hasMore} onClick={() => onPage(list.page + 1)}>
            {t("next")}
          </Button>
        </nav>
      ) : null}
    </>
  );
}
