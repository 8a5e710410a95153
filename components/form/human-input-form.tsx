"use client";

import { useLocale, useTranslations } from "next-intl";
import { createContext, memo, use, useEffect, useMemo, useState, type ReactNode } from "react";
import { useForm, useWatch, type Control } from "react-hook-form";
import { ActionBar } from "@/components/form/action-bar";
import { FieldControl } from "@/components/fields/field-control";
import { Button } from "@/components/ui/button";
import type { ApiClientError } from "@/lib/client/api-client-error";
import { answerKey, toFormValues } from "@/lib/fields/answer-keys";
import { initialAnswers, type FormValues } from "@/lib/form/answers";
import { fieldInputId } from "@/lib/form/focus-field";
import { formUploadTarget, type FormLinkContext } from "@/lib/form/form-api";
import { formatDateTime, formatRemaining } from "@/lib/i18n/format-time";
import { useFieldIssueText } from "@/lib/fields/use-field-issue-text";
import type { FieldSpec } from "@/lib/fields/field-spec";
import type { FormView } from "@/lib/form/form-view";
import { useFileStates } from "@/lib/files/use-file-states";
import { useFormDraft } from "@/lib/form/use-form-draft";
import { lazyResolver } from "@/lib/form/lazy-resolver";
import { useAfterIdle } from "@/lib/client/use-after-idle";
import { useInBrowser } from "@/lib/client/use-in-browser";
import {
  takesInputBeforeHydration,
  useTypedBeforeHydration,
} from "@/lib/form/use-typed-before-hydration";
import { useSubmitForm, type SubmittedAnswer } from "@/lib/form/use-submit-form";

type HumanInputFormProps = {
  form: FormView;
  link: FormLinkContext;
  /** The form's content as the server rendered it, with a FormFieldSlot where each field goes. */
  children: ReactNode;
  onSubmitted: (submitted: SubmittedAnswer) => void;
  onClosed: (error: ApiClientError) => void;
  onExpired: () => void;
};

// The answers' schema is not in the first load. A form page opened by its address asks for it
// before hydration (instrumentation-client.ts); one reached by the router, when this module runs.
const loadAnswerResolver = () => import("@/lib/form/answer-resolver");
if (typeof window !== "undefined") loadAnswerResolver().catch(() => undefined);

// How the form draws a field, for the slots its server-rendered content holds.
type FieldSlot = {
  name: string;
  /** The content right above says the field's label. */
  labelHidden: boolean;
  /** What the field takes, in words, said by the server (fieldHint). */
  hint: string | null;
};
const FieldRendererContext = createContext<((slot: FieldSlot) => ReactNode) | null>(null);

/** Where a field goes in the form's content. */
export function FormFieldSlot(slot: FieldSlot) {
  return use(FieldRendererContext)?.(slot) ?? null;
}

/** The open form. Memoized: the screen around it renders again for each event of the run. */
export const HumanInputForm = memo(function HumanInputForm({
  form,
  link,
  children,
  onSubmitted,
  onClosed,
  onExpired,
}: HumanInputFormProps) {
  const t = useTranslations("form");
  const locale = useLocale();
  const resolver = useMemo(
    () =>
      lazyResolver(() =>
        loadAnswerResolver().then(({ answerResolver }) => answerResolver(form.fields)),
      ),
    [form.fields],
  );
  const issueText = useFieldIssueText();
  const initial = useMemo(() => toFormValues(initialAnswers(form.fields)), [form.fields]);
  const uploadTarget = useMemo(
    () => ({
      ...formUploadTarget(link),
      // An upload the upstream says is answered elsewhere closes the form, as a submit would.
      onRefused: (error: ApiClientError) => {
        if (error.code === "form_answered_elsewhere") onClosed(error);
      },
    }),
    [link, onClosed],
  );
  const methods = useForm<FormValues>({
    resolver,
    defaultValues: initial,
    // Focus is moved by hand so file fields (no single input) get it too.
    shouldFocusError: false,
  });
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = methods;
  const fieldNames = useMemo(() => form.fields.map((field) => field.name), [form.fields]);
  const { setters: fileStateSetters, uploading, failed: failedUploads } = useFileStates(fieldNames);
  const submit = useSubmitForm({
    link,
    form,
    methods,
    uploads: { uploading, failed: failedUploads },
    onSubmitted,
    onClosed,
  });
  const typedEarly = useTypedBeforeHydration(form.fields, initial, setValue);
  const draft = useFormDraft({
    link,
    form,
    initial,
    methods,
    sent: submit.sent,
    keep: typedEarly,
  });
  const { rootError, summaryRef } = submit;

  const errorOf = (field: FieldSpec) => errors[answerKey(field.name)]?.message;
  const errorEntries = form.fields.filter(errorOf);

  const renderField = ({ name, labelHidden, hint }: FieldSlot) => {
    const field = form.fields.find((candidate) => candidate.name === name);
    if (!field) return null;
    if (field.kind === "other") {
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
    const drawn = (
      <FieldControl
        key={`${field.name}:${draft.generation}`}
        field={field}
        id={fieldInputId(field.name)}
        path={answerKey(field.name)}
        control={control}
        register={register}
        error={errorOf(field)}
        labelHidden={labelHidden}
        hint={hint}
        files={{ uploadTarget, limits: form.limits, onStateChange: fileStateSetters[field.name]! }}
        after={
          field.kind === "paragraph" && field.defaultValue ? (
            <SuggestionNote
              control={control}
              name={answerKey(field.name)}
              suggestion={field.defaultValue}
              onReset={() =>
                setValue(answerKey(field.name), field.defaultValue, { shouldDirty: true })
              }
            />
          ) : null
        }
      />
    );
    return takesInputBeforeHydration(field) ? (
      drawn
    ) : (
      <HydrationGate key={field.name}>{drawn}</HydrationGate>
    );
  };

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
      {form.expiresAt ? <ExpiryCountdown expiresAt={form.expiresAt} onExpired={onExpired} /> : null}
      {draft.restoredAt ? (
        <div className="notice small suggestion-note" role="status">
          <span>
            {t("restored", {
              when: formatDateTime(Math.floor(draft.restoredAt / 1000), locale),
            })}
          </span>
          <Button size="small" onClick={draft.startOver}>
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
                    <a href={`#${fieldInputId(field.name)}`}>
                      {field.label}: {issueText(errorOf(field))}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      <FieldRendererContext value={renderField}>{children}</FieldRendererContext>
      <HydrationGate>
        <ActionBar
          actions={form.actions}
          pending={submit.pending}
          pendingId={submit.pendingActionId}
          onChoose={submit.choose}
        />
      </HydrationGate>
    </form>
  );
});

/**
 * Inert until the page has hydrated: file fields and buttons would lose a click before then (text
 * fields take input at once; useTypedBeforeHydration keeps it). Its own component: when hydration
 * ends, only the gates render again, not the whole form around them.
 */
function HydrationGate({ children }: { children: ReactNode }) {
  const inBrowser = useInBrowser();
  return (
    <div
      className="hydration-gate"
      inert={!inBrowser}
      data-awaiting-hydration={inBrowser ? undefined : ""}
    >
      {children}
    </div>
  );
}

function SuggestionNote({
  control,
  name,
  suggestion,
  onReset,
}: {
  control: Control<FormValues>;
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

const WARNING_MS = 5 * 60_000;

/** "Answer by …" with a live countdown; warns in the last 5 minutes and reports zero once. */
function ExpiryCountdown({ expiresAt, onExpired }: { expiresAt: number; onExpired: () => void }) {
  const idle = useAfterIdle();
  const [now, setNow] = useState(() => Date.now());
  const remaining = expiresAt * 1000 - now;

  useEffect(() => {
    if (remaining <= 0) {
      onExpired();
      return;
    }
    // Tick every second near the end, less often while far away.
    const delay = remaining < 2 * WARNING_MS ? 1000 : 15_000;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(delay, remaining));
    return () => clearTimeout(timer);
  }, [remaining, onExpired]);

  const warning = remaining <= WARNING_MS;
  const t = useTranslations("form.expiry");
  const locale = useLocale();
  // The reader's own clock and time zone, once the browser is idle after hydration (its date
  // formats are not built in the way of a first tap): the server's HTML holds an empty line.
  if (!idle) {
    return (
      <p className="muted small" data-testid="expiry">
        {"\u00a0"}
      </p>
    );
  }
  return (
    <p className={warning ? "notice notice-warning small" : "muted small"} data-testid="expiry">
      {/* Only the warning is announced; the ticking text would be noise in a live region. */}
      <span role="status">{warning ? <strong>{t("almostUp")} </strong> : null}</span>
      {t.rich("answerBy", {
        when: formatDateTime(expiresAt, locale),
        remaining: formatRemaining(remaining, locale),
        time: (chunks) => <time dateTime={new Date(expiresAt * 1000).toISOString()}>{chunks}</time>,
      })}
    </p>
  );
}
