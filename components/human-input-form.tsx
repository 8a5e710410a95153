"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { Controller, useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { FileField } from "@/components/file-field";
import { FormMarkdown } from "@/components/form-markdown";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/api-fetch";
import {
  buildAnswerSchema,
  initialAnswers,
  isRequired,
  toSubmissionInputs,
  type Answers,
} from "@/lib/answer-schema";
import { splitFormContent } from "@/lib/form-content";
import { submitForm, type FormLinkContext } from "@/lib/form-api";
import type { ActionView, FieldView, FormView } from "@/lib/form-view";
import { fieldsNamedIn } from "@/lib/submission-errors";

export type SubmittedAnswer = { action: ActionView; answers: Answers };

type HumanInputFormProps = {
  form: FormView;
  link: FormLinkContext;
  onSubmitted: (submitted: SubmittedAnswer) => void;
  /** A 412 or similar: the form is no longer answerable. */
  onClosed: (error: ApiClientError) => void;
  /** The response was lost: the caller finds out whether the form was submitted. */
  onUnknownOutcome: (submitted: SubmittedAnswer) => Promise<boolean>;
};

const fieldId = (name: string) => `field-${name}`;
const errorId = (name: string) => `field-${name}-error`;
const hintId = (name: string) => `field-${name}-hint`;

export function HumanInputForm({
  form,
  link,
  onSubmitted,
  onClosed,
  onUnknownOutcome,
}: HumanInputFormProps) {
  const schema = useMemo(() => buildAnswerSchema(form.fields), [form.fields]);
  const segments = useMemo(
    () =>
      splitFormContent(
        form.content,
        form.fields.map((field) => field.name),
      ),
    [form.content, form.fields],
  );
  const fieldsByName = useMemo(
    () => new Map(form.fields.map((field) => [field.name, field])),
    [form.fields],
  );
  const {
    control,
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Answers>({
    resolver: zodResolver(schema) as unknown as Resolver<Answers>,
    defaultValues: initialAnswers(form.fields),
    shouldFocusError: true,
  });
  const [uploading, setUploading] = useState(0);
  const [rootError, setRootError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const inFlight = useRef(false);

  const mutation = useMutation({
    mutationFn: ({ action, answers }: SubmittedAnswer) =>
      submitForm(link, { inputs: toSubmissionInputs(form.fields, answers), action: action.id }),
    onSuccess: (_data, submitted) => onSubmitted(submitted),
    onError: async (error, submitted) => {
      if (!(error instanceof ApiClientError)) {
        setRootError("Something went wrong. Please try again.");
        return;
      }
      if (error.status === 412 || error.status === 404) {
        onClosed(error);
        return;
      }
      if (error.code === "network_error") {
        if (await onUnknownOutcome(submitted)) return;
        setRootError(
          "Your answer may not have been sent: the connection failed. Check your network and send again.",
        );
        return;
      }
      const named = fieldsNamedIn(
        error.message,
        form.fields.map((field) => field.name),
      );
      for (const name of named) setError(name, { type: "server", message: error.message });
      setRootError(error.message);
      requestAnimationFrame(() => summaryRef.current?.focus());
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const onInvalid = (invalid: FieldErrors<Answers>) => {
    setRootError(null);
    if (Object.keys(invalid).length > 0) requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const submitWith = (action: ActionView) =>
    void handleSubmit((answers) => {
      // One request, however many clicks: the ref closes the gap before React re-renders.
      if (inFlight.current) return;
      if (uploading > 0) {
        setRootError("Wait for the files to finish uploading, then send again.");
        requestAnimationFrame(() => summaryRef.current?.focus());
        return;
      }
      inFlight.current = true;
      setRootError(null);
      clearErrors();
      mutation.mutate({ action, answers });
    }, onInvalid)();

  const errorEntries = form.fields.filter((field) => errors[field.name]);

  function renderField(field: FieldView) {
    const error = errors[field.name]?.message;
    const describedBy =
      [hintFor(field) ? hintId(field.name) : null, error ? errorId(field.name) : null]
        .filter(Boolean)
        .join(" ") || undefined;
    const required = isRequired(field);
    const label = (
      <label className="field-label" htmlFor={fieldId(field.name)}>
        {field.label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : null}
        {required ? <span className="visually-hidden"> (required)</span> : null}
      </label>
    );
    let control_;
    switch (field.kind) {
      case "paragraph":
        control_ = (
          <textarea
            id={fieldId(field.name)}
            className="textarea"
            rows={4}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...register(field.name)}
          />
        );
        break;
      case "select":
        control_ = (
          <select
            id={fieldId(field.name)}
            className="select"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            aria-required="true"
            {...register(field.name)}
          >
            <option value="">Choose…</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        );
        break;
      case "file":
      case "file-list":
        control_ = (
          <Controller
            control={control}
            name={field.name}
            render={({ field: controlled }) => (
              <FileField
                field={field}
                link={link}
                limits={form.limits}
                inputId={fieldId(field.name)}
                describedBy={describedBy}
                invalid={Boolean(error)}
                value={Array.isArray(controlled.value) ? controlled.value : []}
                onChange={controlled.onChange}
                onBusyChange={(busy) =>
                  setUploading((count) => Math.max(0, count + (busy ? 1 : -1)))
                }
              />
            )}
          />
        );
        break;
      case "unknown":
        return (
          <div className="field notice notice-warning" key={field.name} role="note">
            <strong>{field.label}</strong>: this form asks for a kind of answer (“{field.type}”)
            this page cannot show. The form is sent without it; if the workflow needs it, it will
            say so.
          </div>
        );
    }
    return (
      <div className="field" key={field.name}>
        {label}
        {control_}
        {hintFor(field) ? (
          <p id={hintId(field.name)} className="field-hint">
            {hintFor(field)}
          </p>
        ) : null}
        {error ? (
          <p id={errorId(field.name)} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form
      className="card"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      aria-label="Workflow request"
    >
      <div
        ref={summaryRef}
        tabIndex={-1}
        role={rootError || errorEntries.length ? "alert" : undefined}
        aria-live="assertive"
      >
        {rootError || errorEntries.length ? (
          <div className="notice notice-error">
            <p style={{ margin: 0, fontWeight: 600 }}>
              {rootError ?? "Please check your answers:"}
            </p>
            {errorEntries.length ? (
              <ul style={{ margin: "6px 0 0" }}>
                {errorEntries.map((field) => (
                  <li key={field.name}>
                    <a href={`#${fieldId(field.name)}`}>
                      {field.label}: {errors[field.name]?.message}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      {segments.map((segment, index) =>
        segment.kind === "markdown" ? (
          <FormMarkdown key={`md-${index}`}>{segment.text}</FormMarkdown>
        ) : (
          renderField(fieldsByName.get(segment.name)!)
        ),
      )}
      <div className="actions" role="group" aria-label="Actions">
        {form.actions.map((action) => (
          <Button
            key={action.id}
            variant={action.style}
            disabled={mutation.isPending}
            busy={mutation.isPending && mutation.variables?.action.id === action.id}
            onClick={() => submitWith(action)}
          >
            {action.title}
          </Button>
        ))}
      </div>
    </form>
  );
}

function hintFor(field: FieldView): string | null {
  if (field.kind === "file" || field.kind === "file-list") {
    const types = field.allowedTypes.filter((type) => type !== "custom");
    const extensions = field.allowedTypes.includes("custom") ? field.allowedExtensions : [];
    const kinds = [...types.map((type) => `${type}s`), ...extensions].join(", ");
    const count =
      field.kind === "file"
        ? "One file"
        : field.maxFiles > 0
          ? `Up to ${field.maxFiles} files`
          : "Any number of files";
    return `${count}${kinds ? ` (${kinds})` : ""}.`;
  }
  return null;
}
