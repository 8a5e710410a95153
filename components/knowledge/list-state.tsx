import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ListProblemNotice } from "@/components/knowledge/list-problem-notice";

/** What the queries' answers show: loading, a problem, the empty text or the children. */
export function ListState({
  queries,
  empty = false,
  emptyText,
  gone,
  onTokenRefused,
  children,
}: {
  queries: readonly UseQueryResult<unknown>[];
  empty?: boolean;
  emptyText?: string;
  gone: "baseGone" | "documentGone" | "chunkGone";
  onTokenRefused: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("knowledge.browse");
  const error = queries.find((query) => query.error)?.error;
  return (
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
      ) : empty ? (
        <p className="muted">{emptyText}</p>
      ) : (
        children
      )}
    </div>
  );
}
