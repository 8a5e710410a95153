"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch, type Control, type Resolver } from "react-hook-form";
import { ActionBar } from "@/components/form/action-bar";
import { ExpiryCountdown } from "@/components/form/expiry-countdown";
import { FieldControl } from "@/components/fields/field-control";
import { FormMarkdown } from "@/components/markdown/form-markdown";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api-fetch";
import {
  buildAnswerSchema,
  initialAnswers,
  toFieldSpecs,
  toSubmissionInputs,
  type Answers,
} from "@/lib/form/answer-schema";
import { splitFormContent } from "@/lib/form/form-content";
import { formUploadTarget, submitForm, type FormLinkContext } from "@/lib/form/form-api";
import { deleteDraft, draftKeyOf, loadDraft, mergeDraft, saveDraft } from "@/lib/form/form-draft";
import { formatDateTime } from "@/lib/i18n/format-time";
import { encodeFieldIssue } from "@/lib/fields/field-issue";
import { useFieldIssueText } from "@/lib/fields/use-field-issue-text";
import { focusField } from "@/lib/form/focus-field";
import type { ActionView, FieldView, FormView } from "@/lib/form/form-view";
import { fieldsNamedIn } from "@/lib/dify/submission-error-field";
import { useFileStates } from "@/lib/files/use-file-states";

export type SubmittedAnswer = { action: ActionView; answers: Answers };

type HumanInputFormProps = {
  form: FormView;
  link: FormLinkContext;
  onSubmitted: (submitted: SubmittedAnswer) => void;
  /** A 412 or similar: the form is no longer answerable. */
  onClosed: (error: ApiClientError) => void;
  /** The response was lost: the caller finds out whether the form was submitted. */
  onUnknownOutcome: (submitted: SubmittedAnswer) => Promise<boolean>;
  /** The countdown reached zero while the form was open. */
  onExpired: () => void;
};

const fieldId = (name: string) => `field-${name}`;
const errorId = (name: string) => `${fieldId(name)}-error`;

export function HumanInputForm({
  form,
  link,
  onSubmitted,
  onClosed,
  onUnknownOutcome,
  onExpired,
}: HumanInputFormProps) {
  const t = useTranslations("form");
  const locale = useLocale();
  // Problems are message keys, translated where they are shown.
  const schema = useMemo(() => buildAnswerSchema(form.fields, encodeFieldIssue), [form.fields]);
  const issueText = useFieldIssueText();
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
  const specsByName = useMemo(
    () => new Map(toFieldSpecs(form.fields).map((spec) => [spec.name, spec])),
    [form.fields],
  );
  const initial = useMemo(() => initialAnswers(form.fields), [form.fields]);
  const uploadTarget = useMemo(() => formUploadTarget(link), [link]);
  // Keyed by token and user; kept no longer than the link or the form lasts.
  const { key: draftKey, linkExp } = useMemo(() => draftKeyOf(link), [link]);
  const draftEnd =
    linkExp !== null && form.expiresAt !== null
      ? Math.min(linkExp, form.expiresAt)
      : (linkExp ?? form.expiresAt);
  // Read once: the draft is the starting point, later saves must not reset the form.
  const [start] = useState(() => {
    const draft = loadDraft(draftKey);
    return { ...mergeDraft(initial, draft), savedAt: draft?.savedAt ?? null };
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    subscribe,
    reset,
    formState: { errors },
  } = useForm<Answers>({
    resolver: zodResolver(schema) as unknown as Resolver<Answers>,
    defaultValues: start.answers,
    // Focus is moved by hand so file fields (no single input) get it too.
    shouldFocusError: false,
  });
  const [restoredAt, setRestoredAt] = useState<number | null>(
    start.restored ? start.savedAt : null,
  );
  const fieldNames = useMemo(() => form.fields.map((field) => field.name), [form.fields]);
  const { setters: fileStateSetters, uploading, failed: failedUploads } = useFileStates(fieldNames);
  const submittedRef = useRef(false);

  // Save every change as a draft of this form token.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          if (!submittedRef.current) saveDraft(draftKey, values, draftEnd);
        },
      }),
    [subscribe, draftKey, draftEnd],
  );

  const handleExpired = useCallback(() => onExpired(), [onExpired]);
  const [rootError, setRootError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const inFlight = useRef(false);

  const mutation = useMutation({
    mutationFn: ({ action, answers }: SubmittedAnswer) =>
      submitForm(link, { inputs: toSubmissionInputs(form.fields, answers), action: action.id }),
    onSuccess: (_data, submitted) => {
      submittedRef.current = true;
      deleteDraft(draftKey);
      onSubmitted(submitted);
    },
    onError: async (error, submitted) => {
      if (!(error instanceof ApiClientError)) {
        setRootError(t("errors.generic"));
        return;
      }
      if (error.status === 412 || error.status === 404) {
        onClosed(error);
        return;
      }
      if (error.code === "network_error") {
        if (await onUnknownOutcome(submitted)) {
          submittedRef.current = true;
          deleteDraft(draftKey);
          return;
        }
        setRootError(t("errors.maybeNotSent"));
        return;
      }
      if (error.status >= 500) {
        // The service failed, not the answer: nothing was recorded, so sending again is safe.
        setRootError(t("errors.notSent", { message: error.message }));
        requestAnimationFrame(() => summaryRef.current?.focus());
        return;
      }
      const named = fieldsNamedIn(
        error.message,
        form.fields.map((field) => field.name),
      );
      for (const name of named) setError(name, { type: "server", message: error.message });
      setRootError(t("errors.rejected", { message: error.message }));
      requestAnimationFrame(() =>
        named[0] ? focusField(named[0], fieldId(named[0])) : summaryRef.current?.focus(),
      );
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const onInvalid = () => {
    setRootError(null);
    // The first problem in the form's own order, not in the order errors were found.
    requestAnimationFrame(() => {
      const first = form.fields.find((field) => document.getElementById(errorId(field.name)));
      if (first) focusField(first.name, fieldId(first.name));
    });
  };

  const submitWith = (action: ActionView) =>
    void handleSubmit((answers) => {
      // One request, however many clicks: the ref closes the gap before React re-renders.
      if (inFlight.current) return;
      if (uploading > 0 || failedUploads > 0) {
        setRootError(uploading > 0 ? t("errors.stillUploading") : t("errors.uploadsFailed"));
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
    if (field.kind === "unknown") {
      return (
        <div className="field notice notice-warning" key={field.name} role="note">
          {t.rich("unknownInput", {
            label: field.label,
            type: field.type,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </div>
      );
    }
    const spec = specsByName.get(field.name)!;
    return (
      <FieldControl
        key={field.name}
        field={spec}
        id={fieldId(field.name)}
        path={field.name}
        control={control}
        register={register}
        error={errors[field.name]?.message}
        files={{ uploadTarget, limits: form.limits, onStateChange: fileStateSetters[field.name]! }}
        after={
          field.kind === "paragraph" && field.defaultValue ? (
            <SuggestionNote
              control={control}
              name={field.name}
              suggestion={field.defaultValue}
              onReset={() => setValue(field.name, field.defaultValue, { shouldDirty: true })}
            />
          ) : null
        }
      />
    );
  }

  return (
    <form
      className="card"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      aria-labelledby="form-title"
    >
      <h1 id="form-title" className="form-title">
        {t("title")}
      </h1>
      {form.expiresAt ? (
        <ExpiryCountdown expiresAt={form.expiresAt} onExpired={handleExpired} />
      ) : null}
      {restoredAt ? (
        <div className="notice small suggestion-note" role="status">
          <span>
            {t("restored", { when: formatDateTime(Math.floor(restoredAt / 1000), locale) })}
          </span>
          <Button
            size="small"
            onClick={() => {
              deleteDraft(draftKey);
              reset(initial);
              setRestoredAt(null);
            }}
          >
            {t("startOver")}
          </Button>
        </div>
      ) : null}
      <div
        ref={summaryRef}
        tabIndex={-1}
        role={rootError || errorEntries.length ? "alert" : undefined}
        aria-live="assertive"
      >
        {rootError || errorEntries.length ? (
          <div className="notice notice-error">
            <p style={{ margin: 0, fontWeight: 600 }}>{rootError ?? t("errors.checkAnswers")}</p>
            {errorEntries.length ? (
              <ul style={{ margin: "6px 0 0" }}>
                {errorEntries.map((field) => (
                  <li key={field.name}>
                    <a href={`#${fieldId(field.name)}`}>
                      {field.label}: {issueText(errors[field.name]?.message)}
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
      <ActionBar
        actions={form.actions}
        pending={mutation.isPending}
        pendingId={mutation.isPending ? mutation.variables?.action.id : undefined}
        onChoose={submitWith}
      />
    </form>
  );
}

function SuggestionNote({
  control,
  name,
  suggestion,
  onReset,
}: {
  control: Control<Answers>;
  name: string;
  suggestion: string;
  onReset: () => void;
}) {
  const t = useTranslations("form.suggestion");
  const changed = useWatch({ control, name }) !== suggestion;
  return (
    <div className="field-hint suggestion-note">
      <span>{changed ? t("edited") : t("prefilled")}</span>
      {changed ? (
        <Button size="small" onClick={onReset}>
          {t("reset")}
        </Button>
      ) : null}
    </div>
  );
}
