import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { listProblemOf } from "@/lib/knowledge/list-problem";

export function ListProblemNotice({
  error,
  gone,
  onTokenRefused,
  onRetry,
}: {
  error: Error;
  /** What a 404 means here: the base, the document or the chunk is gone. */
  gone: "baseGone" | "documentGone" | "chunkGone";
  onTokenRefused: () => void;
  onRetry: () => void;
}) {
  const t = useTranslations("knowledge.browse.problems");
  const problem = listProblemOf(error);
  useEffect(() => {
    if (problem === "token") onTokenRefused();
  }, [problem, onTokenRefused]);
  if (problem === "token") return null;
  return (
    <div className="notice notice-error" role="alert">
      <p>{t(problem === "gone" ? gone : problem, { message: error.message })}</p>
      {problem === "failed" ? (
        <Button size="small" onClick={onRetry}>
          {t("retry")}
        </Button>
      ) : null}
    </div>
  );
}
