import { useTranslations } from "next-intl";
import { useState, type RefObject } from "react";
import { MetadataOutcome } from "@/components/knowledge/metadata-outcome";
import { MetadataValueText } from "@/components/knowledge/metadata-value-text";
import { Button } from "@/components/ui/button";
import type { DocumentSelection } from "@/lib/knowledge/document-selection";
import { listProblemOf } from "@/lib/knowledge/list-problem";
import {
  BATCH_DOCUMENTS,
  splitIntoBatches,
  type BatchOutcome,
} from "@/lib/knowledge/metadata-batches";
import type { MetadataPlan } from "@/lib/knowledge/metadata-plan";
import { useApplyMetadata } from "@/lib/knowledge/use-apply-metadata";

export function MetadataReview({
  token,
  datasetId,
  plan,
  selection,
  atomicUpdates,
  headingRef,
  onBack,
  onTokenRefused,
}: {
  token: string;
  datasetId: string;
  plan: MetadataPlan;
  selection: DocumentSelection;
  atomicUpdates: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
  onTokenRefused: () => void;
}) {
  const t = useTranslations("knowledge.browse.review");
  const tm = useTranslations("knowledge.metadata");
  const apply = useApplyMetadata(token);
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const batches = splitIntoBatches(plan.operations).length;
  const names = new Map([...selection.values()].map((document) => [document.id, document.name]));
  const pending = apply.isPending;
  return (
    <section className="review stack" aria-labelledby="metadata-review-heading">
      <h3 id="metadata-review-heading" ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h3>
      <p>
        {t("summary", { modeLabel: tm(`modes.${plan.mode}.label`), count: plan.review.length })}
      </p>
      {batches > 1 ? (
        <p className="field-hint">{t("batches", { batches, size: BATCH_DOCUMENTS })}</p>
      ) : null}
      <div className="review-list" tabIndex={0} aria-label={t("title")}>
        {plan.review.map((document) => (
          <table key={document.id} className="review-table">
            <caption>{t("document", { name: document.name })}</caption>
            {document.changes.length === 0 ? (
              <tbody>
                <tr>
                  <td className="muted">{t("unchanged")}</td>
                </tr>
              </tbody>
            ) : (
              <>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">{document.name}</span>
                    </th>
                    <th scope="col">{t("now")}</th>
                    <th scope="col">{t("after")}</th>
                  </tr>
                </thead>
                <tbody>
                  {document.changes.map((change) => (
                    <tr key={change.fieldId}>
                      <th scope="row">{change.name}</th>
                      <td>
                        <MetadataValueText type={change.type} value={change.before} />
                      </td>
                      <td className={change.after === undefined ? "value-removed" : undefined}>
                        {change.after === undefined ? (
                          t("removed")
                        ) : (
                          <MetadataValueText type={change.type} value={change.after} />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </>
            )}
          </table>
        ))}
      </div>
      {outcome ? <MetadataOutcome outcome={outcome} names={names} atomic={atomicUpdates} /> : null}
      <div className="actions">
        {outcome && outcome.failed === null ? null : (
          <Button
            variant="primary"
            disabled={pending}
            busy={pending}
            onClick={() => {
              setOutcome(null);
              apply.mutate(
                { datasetId, operations: plan.operations },
                {
                  onSuccess: (result) => {
                    setOutcome(result);
                    if (result.failed && listProblemOf(result.failed.error) === "token") {
                      onTokenRefused();
                    }
                  },
                },
              );
            }}
          >
            {pending
              ? apply.progress
                ? t("applying", { done: apply.progress.done, total: batches })
                : t("applyingOne")
              : t("apply")}
          </Button>
        )}
        <Button disabled={pending} onClick={onBack}>
          {t("back")}
        </Button>
      </div>
    </section>
  );
}
