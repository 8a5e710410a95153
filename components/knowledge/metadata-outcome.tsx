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
  const named = (key: string, ids: readonly string[]) =>
    t(key, { count: ids.length, names: ids.map((id) => names.get(id) ?? id).join(", ") });
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
        {outcome.updated.length > 0 ? <li>{named("updated", outcome.updated)}</li> : null}
        <li>{named(atomic ? "notUpdated" : "mayBeUpdated", documents)}</li>
        {outcome.notSent.length > 0 ? <li>{named("notSent", outcome.notSent)}</li> : null}
      </ul>
      <p>{t("kept")}</p>
    </div>
  );
}
