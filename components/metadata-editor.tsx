"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { useFieldArray, useForm, useWatch, type FieldErrors } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError } from "@/lib/api-fetch";
import { sendMetadataUpdate } from "@/lib/knowledge-api";
import {
  describeMetadataError,
  emptyMetadataRow,
  metadataEditorDefaults,
  metadataEditorSchema,
  parseDocumentIds,
  toMetadataRequest,
  type MetadataEditorValues,
} from "@/lib/metadata-editor-form";
import type { MetadataUpdateRequest } from "@/lib/metadata-update-request";

type Review = { datasetId: string; body: MetadataUpdateRequest };

const MODE_TEXT = {
  merge: {
    label: "Merge",
    description:
      "Set the listed fields on each document and keep its other metadata as it is. A field with the same name is overwritten.",
  },
  replace: {
    label: "Replace",
    description:
      "Each document’s metadata becomes exactly the listed fields; any other field is removed. With no rows, the metadata is cleared.",
  },
} as const;

const rowError = (errors: FieldErrors<MetadataEditorValues>, index: number) => errors.rows?.[index];

/** Sets metadata on several documents in one request: edit, review the exact body, send. */
export function MetadataEditor({
  token,
  atomicUpdates,
  onTokenRefused,
}: {
  token: string | null;
  atomicUpdates: boolean;
  onTokenRefused: () => void;
}) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<MetadataEditorValues>({
    resolver: zodResolver(metadataEditorSchema),
    defaultValues: metadataEditorDefaults(),
  });
  const rows = useFieldArray({ control, name: "rows" });
  const rowTypes = useWatch({ control, name: "rows" }).map((row) => row.type);
  const documentIds = useWatch({ control, name: "documentIds" });
  const listed = parseDocumentIds(documentIds).ids.length;
  const [review, setReview] = useState<Review | null>(null);
  const [rootError, setRootError] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const reviewRef = useRef<HTMLHeadingElement>(null);

  const update = useMutation({
    mutationFn: ({ datasetId, body }: Review) => sendMetadataUpdate(token ?? "", datasetId, body),
    onSuccess: () => setReview(null),
    onError: (error) => {
      if (!(error instanceof ApiClientError)) {
        setRootError("Something went wrong. Please try again.");
        return;
      }
      const view = describeMetadataError(error, atomicUpdates);
      if (view.tokenRefused) {
        // The review stays open: once the token is entered again, Send works as before.
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
      <h2 id="metadata-editor-title">Set document metadata</h2>
      <p className="muted">
        Give several documents of one dataset the same metadata values in a single request.
      </p>
      <div ref={statusRef} tabIndex={-1} aria-live="polite">
        {rootError ? (
          <p className="notice notice-error" role="alert">
            {rootError}
          </p>
        ) : null}
        {success ? (
          <p className="notice notice-success" role="status">
            Updated the metadata of {success.body.operation_data.length}{" "}
            {success.body.operation_data.length === 1 ? "document" : "documents"} in{" "}
            <code>{success.datasetId}</code> (
            {success.body.operation_data[0]?.partial_update ? "merged" : "replaced"}).
          </p>
        ) : null}
      </div>
      <form noValidate onSubmit={onReview}>
        <fieldset className="plain-fieldset" disabled={reviewing}>
          <TextField
            id="metadata-datasetId"
            label="Dataset id"
            autoComplete="off"
            spellCheck={false}
            error={errors.datasetId?.message}
            {...register("datasetId")}
          />
          <div className="field">
            <label className="field-label" htmlFor="metadata-documentIds">
              Document ids
            </label>
            <textarea
              id="metadata-documentIds"
              className="textarea"
              rows={4}
              spellCheck={false}
              aria-invalid={errors.documentIds ? true : undefined}
              aria-describedby={
                errors.documentIds
                  ? "metadata-documentIds-hint metadata-documentIds-error"
                  : "metadata-documentIds-hint"
              }
              {...register("documentIds")}
            />
            <p id="metadata-documentIds-hint" className="field-hint">
              One per line; blank lines are ignored. {listed}{" "}
              {listed === 1 ? "document" : "documents"} listed.
            </p>
            {errors.documentIds ? (
              <p id="metadata-documentIds-error" className="field-error">
                {errors.documentIds.message}
              </p>
            ) : null}
          </div>

          <h3 className="subheading">Metadata</h3>
          {rows.fields.length === 0 ? (
            <p className="muted">No rows.</p>
          ) : (
            rows.fields.map((row, index) => {
              const error = rowError(errors, index);
              const type = rowTypes[index] ?? "text";
              return (
                <fieldset key={row.id} className="metadata-row">
                  <legend>Row {index + 1}</legend>
                  <div className="metadata-row-grid">
                    <TextField
                      id={`metadata-row-${index}-id`}
                      label="Field id"
                      autoComplete="off"
                      spellCheck={false}
                      error={error?.id?.message}
                      {...register(`rows.${index}.id`)}
                    />
                    <TextField
                      id={`metadata-row-${index}-name`}
                      label="Name"
                      autoComplete="off"
                      spellCheck={false}
                      error={error?.name?.message}
                      {...register(`rows.${index}.name`)}
                    />
                    <div className="field">
                      <label className="field-label" htmlFor={`metadata-row-${index}-type`}>
                        Type
                      </label>
                      <select
                        id={`metadata-row-${index}-type`}
                        className="select"
                        {...register(`rows.${index}.type`)}
                      >
                        <option value="text">Text</option>
                        <option value="number">Number</option>
                        <option value="empty">Empty (null)</option>
                      </select>
                    </div>
                    {type === "empty" ? (
                      <div className="field">
                        <span className="field-label" aria-hidden="true">
                          Value
                        </span>
                        <p className="muted metadata-null">Sent as null</p>
                      </div>
                    ) : (
                      <TextField
                        id={`metadata-row-${index}-value`}
                        label="Value"
                        autoComplete="off"
                        inputMode={type === "number" ? "decimal" : undefined}
                        error={error?.value?.message}
                        {...register(`rows.${index}.value`)}
                      />
                    )}
                  </div>
                  <Button variant="ghost" onClick={() => rows.remove(index)}>
                    Remove row {index + 1}
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
            Add a row
          </Button>

          <fieldset className="mode-choice" aria-describedby="metadata-mode-hint">
            <legend className="field-label">How to apply the rows</legend>
            <p id="metadata-mode-hint" className="field-hint">
              The same rows go to every listed document.
            </p>
            {(["merge", "replace"] as const).map((mode) => (
              <label key={mode} className="radio-option">
                <input
                  type="radio"
                  value={mode}
                  aria-describedby={`metadata-mode-${mode}-text`}
                  {...register("mode")}
                />
                <span>
                  <strong>{MODE_TEXT[mode].label}</strong>
                  <span id={`metadata-mode-${mode}-text`} className="radio-description">
                    {MODE_TEXT[mode].description}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        </fieldset>
        {reviewing ? null : (
          <div className="actions">
            <Button type="submit" variant="primary">
              Review the request
            </Button>
          </div>
        )}
      </form>

      {review ? (
        <section className="review stack" aria-labelledby="metadata-review-title">
          <h3 id="metadata-review-title" ref={reviewRef} tabIndex={-1}>
            Review the request
          </h3>
          <p>
            This exact body goes to{" "}
            <code>POST /api/datasets/{review.datasetId}/documents/metadata</code> and on to the
            knowledge API unchanged. It sets the metadata of {review.body.operation_data.length}{" "}
            {review.body.operation_data.length === 1 ? "document" : "documents"}.
          </p>
          <pre className="output-json" aria-label="Request body" tabIndex={0}>
            {JSON.stringify(review.body, null, 2)}
          </pre>
          <div className="actions">
            <Button
              variant="primary"
              disabled={update.isPending || !token}
              busy={update.isPending}
              onClick={() => {
                setRootError(null);
                clearErrors();
                update.mutate(review);
              }}
            >
              {update.isPending ? "Sending…" : "Send"}
            </Button>
            <Button disabled={update.isPending} onClick={() => setReview(null)}>
              Back to editing
            </Button>
          </div>
        </section>
      ) : null}
    </section>
  );
}
