import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ListProblemNotice } from "@/components/knowledge/list-problem-notice";

export function ListState({
  error,
  loaded,
  empty = false,
  emptyText,
  fetching,
  gone,
  onTokenRefused,
  onRetry,
  children,
}: {
  error: Error | null;
  loaded: boolean;
  empty?: boolean;
  emptyText?: string;
  fetching: boolean;
  gone: "baseGone" | "documentGone" | "chunkGone";
  onTokenRefused: () => void;
  onRetry: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("knowledge.browse");
  return (
    <div aria-live="polite" aria-busy={fetching || undefined}>
      {error ? (
        <ListProblemNotice
          error={error}
          gone={gone}
          onTokenRefused={onTokenRefused}
          onRetry={onRetry}
        />
      ) : !loaded ? (
        <p className="muted">{t("loading")}</p>
      ) : empty ? (
        <p className="muted">{emptyText}</p>
      ) : (
        children
      )}
    </div>
  );
}
