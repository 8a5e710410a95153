import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { use, useMemo, useRef, useState, type FormEvent } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { KnowledgeSession } from "@/components/knowledge/knowledge-session";
import { MetadataReview } from "@/components/knowledge/metadata-review";
import { MetadataValueText } from "@/components/knowledge/metadata-value-text";
import { UpdateModeChoice } from "@/components/knowledge/update-mode-choice";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import type { DocumentSelection } from "@/lib/knowledge/document-selection";
import type { MetadataFieldsView } from "@/lib/knowledge/knowledge-views";
import { listProblemOf } from "@/lib/knowledge/list-problem";
import {
  applyInBatches,
  BATCH_DOCUMENTS,
  splitIntoBatches,
} from "@/lib/knowledge/metadata-batches";
import {
  buildSetMetadataSchema,
  planMetadataUpdate,
  type MetadataPlan,
  type SetMetadataValues,
} from "@/lib/knowledge/metadata-plan";
import { baseQueryKey, sendMetadataUpdate } from "@/lib/knowledge/queries";

const EMPTY_ENTRY = { fieldId: "", value: "" };

export function MetadataSetter({
  datasetId,
  fields,
  selection,
}: {
  datasetId: string;
  fields: MetadataFieldsView;
  selection: DocumentSelection;
}) {
  const t = useTranslations("knowledge.browse.set");
  const { token, atomicUpdates, onTokenRefused } = use(KnowledgeSession);
  const tk = useTranslations("knowledge");
  const schema = useMemo(() => buildSetMetadataSchema(fields.fields, tk), [fields.fields, tk]);
  const {
    control,
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<SetMetadataValues>({
    resolver: zodResolver(schema),
    defaultValues: { mode: "merge", entries: [EMPTY_ENTRY] },
  });
  const entries = useFieldArray({ control, name: "entries" });
  const watched = useWatch({ control, name: "entries" });
  const [plan, setPlan] = useState<MetadataPlan | null>(null);
  const reviewRef = useRef<HTMLHeadingElement>(null);
  const count = selection.size;
  const entriesError = errors.entries?.message ?? errors.entries?.root?.message;

  const tr = useTranslations("knowledge.browse.review");
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // Never fails; then every read of the base is refetched, to show what the server holds.
  const apply = useMutation({
    mutationFn: () => {
      setProgress(null);
      return applyInBatches(
        plan?.operations ?? [],
        (batch) => sendMetadataUpdate(token, { datasetId, body: { operation_data: batch } }),
        (done, total) => setProgress({ done, total }),
      );
    },
    onSuccess: (result) => {
      if (result.failed && listProblemOf(result.failed.error) === "token") onTokenRefused();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: baseQueryKey(datasetId) }),
  });
  const outcome = apply.data;
  const batches = plan ? splitIntoBatches(plan.operations).length : 0;
  const to = useTranslations("knowledge.browse.outcome");
  const names = new Map([...selection.values()].map((document) => [document.id, document.name]));
  const named = (key: string, ids: readonly string[]) =>
    to(key, { count: ids.length, names: ids.map((id) => names.get(id) ?? id).join(", ") });
  const pending = apply.isPending;

  const onReview = (event: FormEvent) =>
    void handleSubmit((values) => {
      setPlan(planMetadataUpdate([...selection.values()], fields.fields, values));
      requestAnimationFrame(() => reviewRef.current?.focus());
    })(event);

  return (
    <section className="card knowledge-section" aria-labelledby="set-metadata-title">
      <h2 id="set-metadata-title">{t("title")}</h2>
      {fields.builtInEnabled ? (
        <p className="field-hint">
          {t("builtIn", {
            names: "document_name, uploader, upload_date, last_update_date, source",
          })}
        </p>
      ) : null}
      {count === 0 ? <p className="muted">{t("chooseFirst")}</p> : null}
      <form noValidate onSubmit={onReview}>
        <fieldset className="plain-fieldset" disabled={plan !== null || count === 0}>
          {entries.fields.map((entry, index) => {
            const field = fields.fields.find((option) => option.id === watched[index]?.fieldId);
            const error = errors.entries?.[index];
            const fieldId = `set-entry-${index}-field`;
            return (
              <fieldset key={entry.id} className="metadata-row">
                <legend>{t("entry", { number: index + 1 })}</legend>
                <div className="metadata-row-grid">
                  <FormField id={fieldId} label={t("field")} error={error?.fieldId?.message}>
                    {(control) => (
                      <select
                        className="select"
                        {...control}
                        {...register(`entries.${index}.fieldId`)}
                      >
                        <option value="">{t("pickField")}</option>
                        {fields.fields.map((option) => (
                          <option key={option.id} value={option.id}>
                            {t("fieldOption", {
                              name: option.name,
                              type: t(`types.${option.type}`),
                            })}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  <FormField
                    id={`set-entry-${index}-value`}
                    label={t("value")}
                    hint={field?.type === "time" ? t("timeHint") : undefined}
                    error={error?.value?.message}
                  >
                    {(control) => (
                      <input
                        className="input"
                        autoComplete="off"
                        type={field?.type === "time" ? "datetime-local" : "text"}
                        inputMode={field?.type === "number" ? "decimal" : undefined}
                        {...control}
                        {...register(`entries.${index}.value`)}
                      />
                    )}
                  </FormField>
                </div>
                <Button variant="ghost" size="small" onClick={() => entries.remove(index)}>
                  {t("remove", { number: index + 1 })}
                </Button>
              </fieldset>
            );
          })}
          {entriesError ? (
            <p className="field-error" role="alert">
              {entriesError}
            </p>
          ) : null}
          <Button
            onClick={() => {
              clearErrors("entries");
              entries.append(EMPTY_ENTRY);
            }}
          >
            {t("add")}
          </Button>
          <UpdateModeChoice idPrefix="set" input={register("mode")} />
          {plan === null ? (
            <div className="actions">
              <Button type="submit" variant="primary">
                {t("review")}
              </Button>
            </div>
          ) : null}
        </fieldset>
      </form>
      {plan ? (
        <MetadataReview
          id="metadata-review-heading"
          title={tr("title")}
          headingRef={reviewRef}
          send={
            outcome && outcome.failed === null
              ? null
              : {
                  label: pending
                    ? progress
                      ? tr("applying", { done: progress.done, total: batches })
                      : tr("applyingOne")
                    : tr("apply"),
                  pending,
                  onClick: () => apply.mutate(),
                }
          }
          back={{
            label: tr("back"),
            onClick: () => {
              apply.reset();
              setPlan(null);
            },
          }}
        >
          <p>
            {tr("summary", {
              modeLabel: tk(`metadata.modes.${plan.mode}.label`),
              count: plan.review.length,
            })}
          </p>
          {batches > 1 ? (
            <p className="field-hint">{tr("batches", { batches, size: BATCH_DOCUMENTS })}</p>
          ) : null}
          <div className="review-list" tabIndex={0} aria-label={tr("title")}>
            {plan.review.map((document) => (
              <table key={document.id} className="review-table">
                <caption>{tr("document", { name: document.name })}</caption>
                {document.changes.length === 0 ? (
                  <tbody>
                    <tr>
                      <td className="muted">{tr("unchanged")}</td>
                    </tr>
                  </tbody>
                ) : (
                  <>
                    <thead>
                      <tr>
                        <th scope="col">
                          <span className="visually-hidden">{document.name}</span>
                        </th>
                        <th scope="col">{tr("now")}</th>
                        <th scope="col">{tr("after")}</th>
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
                              tr("removed")
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
          {outcome?.failed === null ? (
            <p className="notice notice-success" role="status">
              {to("done", { count: outcome.updated.length })}
            </p>
          ) : outcome?.failed ? (
            <div className="notice notice-error" role="alert">
              <p className="notice-title">
                {tk("metadata.errors.failed", {
                  message:
                    outcome.failed.error instanceof Error
                      ? outcome.failed.error.message
                      : String(outcome.failed.error),
                })}
              </p>
              <ul>
                {outcome.updated.length > 0 ? <li>{named("updated", outcome.updated)}</li> : null}
                <li>
                  {named(atomicUpdates ? "notUpdated" : "mayBeUpdated", outcome.failed.documents)}
                </li>
                {outcome.notSent.length > 0 ? <li>{named("notSent", outcome.notSent)}</li> : null}
              </ul>
              <p>{to("kept")}</p>
            </div>
          ) : null}
        </MetadataReview>
      ) : null}
    </section>
  );
}
