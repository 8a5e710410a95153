import { useTranslations } from "next-intl";
import { use, type Ref } from "react";
import { useWatch } from "react-hook-form";
import { KnowledgeSession } from "@/components/knowledge/knowledge-session";
import { MetadataReview } from "@/components/knowledge/metadata-review";
import { MetadataValueText } from "@/components/knowledge/metadata-value-text";
import { UpdateModeChoice } from "@/components/knowledge/update-mode-choice";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { TextField } from "@/components/ui/text-field";
import { BATCH_DOCUMENTS } from "@/lib/knowledge/metadata-batches";
import {
  emptyMetadataEntry,
  entryField,
  METADATA_VALUE_TYPES,
} from "@/lib/knowledge/metadata-editor-form";
import {
  useMetadataEditor,
  type MetadataEditorStep,
  type MetadataTarget,
} from "@/lib/knowledge/use-metadata-editor";

const BUILT_IN_NAMES = "document_name, uploader, upload_date, last_update_date, source";

/**
 * Sets the same metadata on several documents of one dataset: the documents chosen in the
 * browser (fields picked from the base's), or ids and fields typed by hand. Review, then apply.
 */
export function MetadataEditor({ target }: { target: MetadataTarget }) {
  const t = useTranslations("knowledge.metadata");
  const tIds = useTranslations("knowledge.ids");
  const { form, entries, step, statusRef, reviewRef, review, send, back, documentCount } =
    useMetadataEditor(target, use(KnowledgeSession));
  const { atomicUpdates } = use(KnowledgeSession);
  const {
    control,
    register,
    clearErrors,
    formState: { errors },
  } = form;
  const watched = useWatch({ control, name: "entries" });
  const chosen = target.kind === "chosen" ? target : null;
  const known = chosen?.fields.fields ?? null;
  // Two editors share the page: each one's ids are its own.
  const prefix = chosen ? "set" : "metadata";
  const reviewing = step.kind === "reviewing";
  const entriesError = errors.entries?.message ?? errors.entries?.root?.message;

  return (
    <section className="card knowledge-section" aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>{chosen ? t("chosen.title") : t("title")}</h2>
      {chosen ? null : <p className="muted">{t("intro")}</p>}
      {chosen?.fields.builtInEnabled ? (
        <p className="field-hint">{t("chosen.builtIn", { names: BUILT_IN_NAMES })}</p>
      ) : null}
      {chosen && documentCount === 0 ? <p className="muted">{t("chosen.chooseFirst")}</p> : null}
      <div ref={statusRef} tabIndex={-1} aria-live="polite">
        {step.kind === "editing" && step.updated ? (
          <p className="notice notice-success" role="status">
            {t.rich("updated", {
              count: step.updated.count,
              dataset: step.updated.datasetId,
              mode: step.updated.mode,
              code: (chunks) => <code>{chunks}</code>,
            })}
          </p>
        ) : null}
      </div>
      <form noValidate onSubmit={review}>
        <fieldset
          className="plain-fieldset"
          disabled={reviewing || (chosen !== null && documentCount === 0)}
        >
          {chosen ? null : (
            <>
              <TextField
                id="metadata-datasetId"
                label={tIds("datasetId")}
                autoComplete="off"
                spellCheck={false}
                error={errors.datasetId?.message}
                {...register("datasetId")}
              />
              <FormField
                id="metadata-documentIds"
                label={tIds("documentIds")}
                hint={t("documentIdsHint", { count: documentCount })}
                error={errors.documentIds?.message}
              >
                {(aria) => (
                  <textarea
                    className="textarea"
                    rows={4}
                    spellCheck={false}
                    {...aria}
                    {...register("documentIds")}
                  />
                )}
              </FormField>
            </>
          )}

          <h3 className="subheading">{t("heading")}</h3>
          {entries.fields.length === 0 ? <p className="muted">{t("noEntries")}</p> : null}
          {entries.fields.map((entry, index) => {
            const error = errors.entries?.[index];
            const values = watched[index];
            const field = values ? entryField(values, known) : null;
            const type = chosen ? field?.type : values?.type === "text" ? "string" : values?.type;
            const id = (key: string) => `${prefix}-entry-${index}-${key}`;
            return (
              <fieldset key={entry.id} className="metadata-row">
                <legend>{t("entry", { number: index + 1 })}</legend>
                <div className="metadata-row-grid">
                  {known ? (
                    <FormField id={id("field")} label={t("field")} error={error?.fieldId?.message}>
                      {(aria) => (
                        <select
                          className="select"
                          {...aria}
                          {...register(`entries.${index}.fieldId`)}
                        >
                          <option value="">{t("pickField")}</option>
                          {known.map((option) => (
                            <option key={option.id} value={option.id}>
                              {t("fieldOption", {
                                name: option.name,
                                type: t(`fieldTypes.${option.type}`),
                              })}
                            </option>
                          ))}
                        </select>
                      )}
                    </FormField>
                  ) : (
                    <>
                      {(["fieldId", "name"] as const).map((key) => (
                        <TextField
                          key={key}
                          id={id(key)}
                          label={t(key)}
                          autoComplete="off"
                          spellCheck={false}
                          error={error?.[key]?.message}
                          {...register(`entries.${index}.${key}`)}
                        />
                      ))}
                      <FormField id={id("type")} label={t("type")}>
                        {(aria) => (
                          <select
                            className="select"
                            {...aria}
                            {...register(`entries.${index}.type`)}
                          >
                            {METADATA_VALUE_TYPES.map((option) => (
                              <option key={option} value={option}>
                                {t(`types.${option}`)}
                              </option>
                            ))}
                          </select>
                        )}
                      </FormField>
                    </>
                  )}
                  {type === "empty" ? (
                    <div className="field">
                      <span className="field-label" aria-hidden="true">
                        {t("value")}
                      </span>
                      <p className="muted metadata-null">{t("sentAsNull")}</p>
                    </div>
                  ) : (
                    <FormField
                      id={id("value")}
                      label={t("value")}
                      hint={type === "time" ? t("timeHint") : undefined}
                      error={error?.value?.message}
                    >
                      {(aria) => (
                        <input
                          className="input"
                          autoComplete="off"
                          type={type === "time" ? "datetime-local" : "text"}
                          inputMode={type === "number" ? "decimal" : undefined}
                          {...aria}
                          {...register(`entries.${index}.value`)}
                        />
                      )}
                    </FormField>
                  )}
                </div>
                <Button variant="ghost" size="small" onClick={() => entries.remove(index)}>
                  {t("removeEntry", { number: index + 1 })}
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
              entries.append(emptyMetadataEntry());
            }}
          >
            {t("addEntry")}
          </Button>
          <UpdateModeChoice
            idPrefix={prefix}
            input={register("mode")}
            hint={chosen ? undefined : t("modeHint")}
          />
        </fieldset>
        {reviewing ? null : (
          <div className="actions">
            <Button type="submit" variant="primary">
              {t("review")}
            </Button>
          </div>
        )}
      </form>
      {step.kind === "reviewing" ? (
        <EditorReview
          step={step}
          byHand={!chosen}
          atomicUpdates={atomicUpdates}
          headingRef={reviewRef}
          onSend={send}
          onBack={back}
        />
      ) : null}
    </section>
  );
}

/** What will be sent: each document's values now → after where they are known, else the body. */
function EditorReview({
  step,
  byHand,
  atomicUpdates,
  headingRef,
  onSend,
  onBack,
}: {
  step: Extract<MetadataEditorStep, { kind: "reviewing" }>;
  byHand: boolean;
  atomicUpdates: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onSend: () => void;
  onBack: () => void;
}) {
  const t = useTranslations("knowledge.metadata");
  const { review, sending, progress, failure } = step;
  const { plan, batches, datasetId } = review;
  return (
    <MetadataReview
      id={`${byHand ? "metadata" : "set"}-review-title`}
      title={t("reviewTitle")}
      headingRef={headingRef}
      send={{
        label: sending
          ? progress
            ? t("applying", { done: progress.done, total: batches })
            : t("applyingOne")
          : t("apply"),
        pending: sending,
        onClick: onSend,
      }}
      back={{ label: t("back"), onClick: onBack }}
    >
      <p>{t("summary", { modeLabel: t(`modes.${plan.mode}.label`), count: plan.review.length })}</p>
      {batches > 1 ? (
        <p className="field-hint">{t("batches", { batches, size: BATCH_DOCUMENTS })}</p>
      ) : null}
      {byHand ? (
        <>
          <p>
            {t.rich("reviewBody", {
              dataset: datasetId,
              count: plan.review.length,
              code: (chunks) => <code>{chunks}</code>,
            })}
          </p>
          <pre className="output-json" aria-label={t("requestBody")} tabIndex={0}>
            {JSON.stringify({ operation_data: plan.operations }, null, 2)}
          </pre>
        </>
      ) : (
        <div className="review-list" tabIndex={0} aria-label={t("reviewTitle")}>
          {plan.review.map((document) => (
            <table key={document.id} className="review-table">
              <caption>{t("document", { name: document.name })}</caption>
              {document.changes?.length ? (
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
              ) : (
                <tbody>
                  <tr>
                    <td className="muted">{t("unchanged")}</td>
                  </tr>
                </tbody>
              )}
            </table>
          ))}
        </div>
      )}
      {failure ? (
        <div className="notice notice-error" role="alert">
          <p className="notice-title">{failure.message}</p>
          <ul>
            {failure.updated.length > 0 ? (
              <li>{t("outcome.updated", names(failure.updated))}</li>
            ) : null}
            <li>
              {t(
                atomicUpdates ? "outcome.notUpdated" : "outcome.mayBeUpdated",
                names(failure.failed),
              )}
            </li>
            {failure.notSent.length > 0 ? (
              <li>{t("outcome.notSent", names(failure.notSent))}</li>
            ) : null}
          </ul>
          <p>{t("outcome.kept")}</p>
        </div>
      ) : null}
    </MetadataReview>
  );
}

const names = (list: readonly string[]) => ({ count: list.length, names: list.join(", ") });
