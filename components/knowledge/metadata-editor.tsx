import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { use, useMemo, useRef, useState, type FormEvent } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { KnowledgeSession } from "@/components/knowledge/knowledge-session";
import { MetadataReview } from "@/components/knowledge/metadata-review";
import { UpdateModeChoice } from "@/components/knowledge/update-mode-choice";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError } from "@/lib/client/api-client-error";
import {
  buildMetadataEditorSchema,
  describeMetadataError,
  emptyMetadataRow,
  METADATA_VALUE_TYPES,
  metadataEditorDefaults,
  parseDocumentIds,
  toMetadataRequest,
  type MetadataEditorValues,
} from "@/lib/knowledge/metadata-editor-form";
import { sendMetadataUpdate, type MetadataUpdate } from "@/lib/knowledge/queries";

export function MetadataEditor({ token }: { token: string | null }) {
  const t = useTranslations("knowledge");
  const { atomicUpdates, onTokenRefused } = use(KnowledgeSession);
  const schema = useMemo(() => buildMetadataEditorSchema(t), [t]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<MetadataEditorValues>({
    resolver: zodResolver(schema),
    defaultValues: metadataEditorDefaults(),
  });
  const rows = useFieldArray({ control, name: "rows" });
  const rowTypes = useWatch({ control, name: "rows" }).map((row) => row.type);
  const documentIds = useWatch({ control, name: "documentIds" });
  const listed = parseDocumentIds(documentIds).ids.length;
  const [review, setReview] = useState<MetadataUpdate | null>(null);
  const [rootError, setRootError] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const reviewRef = useRef<HTMLHeadingElement>(null);

  const update = useMutation({
    mutationFn: (review: MetadataUpdate) => sendMetadataUpdate(token, review),
    onSuccess: () => setReview(null),
    onError: (error) => {
      if (!(error instanceof ApiClientError)) {
        setRootError(t("metadata.errors.generic"));
        return;
      }
      const view = describeMetadataError(error, atomicUpdates, t);
      if (view.tokenRefused) {
        // The review stays open: once the token is entered again, Send sends the same request.
        onTokenRefused();
        return;
      }
      setReview(null);
      for (const { field, message } of view.fields) setError(field, { type: "server", message });
      setRootError(view.root);
      requestAnimationFrame(() => statusRef.current?.focus());
    },
  });

  const onReview = (event: FormEvent) =>
    void handleSubmit((values) => {
      setRootError(null);
      update.reset();
      setReview({ datasetId: values.datasetId, body: toMetadataRequest(values) });
      requestAnimationFrame(() => reviewRef.current?.focus());
    })(event);

  const success = update.isSuccess ? update.variables : null;
  const reviewing = review !== null;
  const rowsError = errors.rows?.message ?? errors.rows?.root?.message;

  return (
    <section className="card knowledge-section" aria-labelledby="metadata-editor-title">
      <h2 id="metadata-editor-title">{t("metadata.title")}</h2>
      <p className="muted">{t("metadata.intro")}</p>
      <div ref={statusRef} tabIndex={-1} aria-live="polite">
        {rootError ? (
          <p className="notice notice-error" role="alert">
            {rootError}
          </p>
        ) : null}
        {success ? (
          <p className="notice notice-success" role="status">
            {t.rich("metadata.updated", {
              count: success.body.operation_data.length,
              dataset: success.datasetId,
              mode: success.body.operation_data[0]?.partial_update ? "merge" : "replace",
              code: (chunks) => <code>{chunks}</code>,
            })}
          </p>
        ) : null}
      </div>
      <form noValidate onSubmit={onReview}>
        <fieldset className="plain-fieldset" disabled={reviewing}>
          <TextField
            id="metadata-datasetId"
            label={t("ids.datasetId")}
            autoComplete="off"
            spellCheck={false}
            error={errors.datasetId?.message}
            {...register("datasetId")}
          />
          <FormField
            id="metadata-documentIds"
            label={t("ids.documentIds")}
            hint={t("metadata.documentIdsHint", { count: listed })}
            error={errors.documentIds?.message}
          >
            {(control) => (
              <textarea
                className="textarea"
                rows={4}
                spellCheck={false}
                {...control}
                {...register("documentIds")}
              />
            )}
          </FormField>

          <h3 className="subheading">{t("metadata.heading")}</h3>
          {rows.fields.length === 0 ? (
            <p className="muted">{t("metadata.noRows")}</p>
          ) : (
            rows.fields.map((row, index) => {
              const error = errors.rows?.[index];
              const type = rowTypes[index] ?? "text";
              return (
                <fieldset key={row.id} className="metadata-row">
                  <legend>{t("metadata.row", { number: index + 1 })}</legend>
                  <div className="metadata-row-grid">
                    {(["id", "name"] as const).map((key) => (
                      <TextField
                        key={key}
                        id={`metadata-row-${index}-${key}`}
                        label={t(key === "id" ? "metadata.fieldId" : "metadata.name")}
                        autoComplete="off"
                        spellCheck={false}
                        error={error?.[key]?.message}
                        {...register(`rows.${index}.${key}`)}
                      />
                    ))}
                    <FormField id={`metadata-row-${index}-type`} label={t("metadata.type")}>
                      {(control) => (
                        <select className="select" {...control} {...register(`rows.${index}.type`)}>
                          {METADATA_VALUE_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {t(`metadata.types.${type}`)}
                            </option>
                          ))}
                        </select>
                      )}
                    </FormField>
                    {type === "empty" ? (
                      <div className="field">
                        <span className="field-label" aria-hidden="true">
                          {t("metadata.value")}
                        </span>
                        <p className="muted metadata-null">{t("metadata.sentAsNull")}</p>
                      </div>
                    ) : (
                      <TextField
                        id={`metadata-row-${index}-value`}
                        label={t("metadata.value")}
                        autoComplete="off"
                        inputMode={type === "number" ? "decimal" : undefined}
                        error={error?.value?.message}
                        {...register(`rows.${index}.value`)}
                      />
                    )}
                  </div>
                  <Button variant="ghost" onClick={() => rows.remove(index)}>
                    {t("metadata.removeRow", { number: index + 1 })}
                  </Button>
                </fieldset>
              );
            })
          )}
          {rowsError ? (
            <p id="metadata-rows-error" className="field-error" role="alert">
              {rowsError}
            </p>
          ) : null}
          <Button
            onClick={() => {
              clearErrors("rows");
              rows.append(emptyMetadataRow());
            }}
          >
            {t("metadata.addRow")}
          </Button>

          <UpdateModeChoice
            idPrefix="metadata"
            input={register("mode")}
            hint={t("metadata.modeHint")}
          />
        </fieldset>
        {reviewing ? null : (
          <div className="actions">
            <Button type="submit" variant="primary">
              {t("metadata.review")}
            </Button>
          </div>
        )}
      </form>

      {review ? (
        <MetadataReview
          id="metadata-review-title"
          title={t("metadata.review")}
          headingRef={reviewRef}
          send={{
            label: update.isPending ? t("metadata.sending") : t("metadata.send"),
            pending: update.isPending,
            disabled: !token,
            onClick: () => {
              setRootError(null);
              clearErrors();
              update.mutate(review);
            },
          }}
          back={{ label: t("metadata.back"), onClick: () => setReview(null) }}
        >
          <p>
            {t.rich("metadata.reviewBody", {
              dataset: review.datasetId,
              count: review.body.operation_data.length,
              code: (chunks) => <code>{chunks}</code>,
            })}
          </p>
          <pre className="output-json" aria-label={t("metadata.requestBody")} tabIndex={0}>
            {JSON.stringify(review.body, null, 2)}
          </pre>
        </MetadataReview>
      ) : null}
    </section>
  );
}
