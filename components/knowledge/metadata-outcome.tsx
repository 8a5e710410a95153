import { useTranslations } from "next-intl";
import type { BatchOutcome } from "@/lib/knowledge/metadata-batches";

export function MetadataOutcome({
  outcome,
  names,
  atomic,
}: {
  outcome: BatchOutcome;
  names: ReadonlyMap<string, string>;
  atomic: boolean;
}) {
  const t = useTranslations("knowledge.browse.outcome");
  const list = (ids: readonly string[]) => ids.map((id) => names.get(id) ?? id).join(", ");
  if (outcome.failed === null) {
    return (
      <p className="notice notice-success" role="status">
        {t("done", { count: outcome.updated.length })}
      </p>
    );
  }
  const { documents, error } = outcome.failed;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{t("failed", { message })}</p>
      <ul>
        {outcome.updated.length > 0 ? (
          <li>{t("updated", { count: outcome.updated.length, names: list(outcome.updated) })}</li>
        ) : null}
        <li>
          {atomic
            ? t("notUpdated", { count: documents.length, names: list(documents) })
            : t("mayBeUpdated", { count: documents.length, names: list(documents) })}
        </li>
        {outcome.notSent.length > 0 ? (
          <li>{t("notSent", { count: outcome.notSent.length, names: list(outcome.notSent) })}</li>
        ) : null}
      </ul>
      <p>{t("kept")}</p>
    </div>
  );
}
