import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { FieldControl } from "@/components/fields/field-control";
import { FormMarkdown } from "@/components/markdown/form-markdown";
import { RunProgress, strong } from "@/components/run/run-progress";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { ApiClientError } from "@/lib/client/api-client-error";
import { answerKey } from "@/lib/fields/answer-keys";
import { encodeFieldIssue } from "@/lib/fields/field-issue";
import { fieldsRefused } from "@/lib/fields/fields-refused";
import { focusField } from "@/lib/form/focus-field";
import { launcherProblem } from "@/lib/launcher/launcher-problem";
import { LAUNCH_UPLOAD_TARGET } from "@/lib/launcher/queries";
import {
  buildStartFormSchema,
  startDefaults,
  type StartValues,
} from "@/lib/launcher/start-form-schema";
import type { StartFormView } from "@/lib/launcher/start-form-view";
import { useFileStates } from "@/lib/files/use-file-states";
import { useLaunch } from "@/lib/launcher/use-launch";
import { useApprovalChannels } from "@/lib/run/use-approval-channels";
import { fieldHint } from "@/lib/fields/field-hint";

type StartFormProps = {
  view: StartFormView;
  /** An error the page cannot fix from here (app unavailable, configuration): a full screen. */
  onProblem: (error: ApiClientError) => void;
};

const QUERY = "query";
const inputId = (name: string) => `start-${name}`;
const QUERY_ID = "start-message";
const fieldPath = (name: string) => `inputs.${answerKey(name)}` as FieldPath<StartValues>;

/** The start form built from the app's `user_input_form`, and the start followed live below it. */
export function StartForm({ view, onProblem }: StartFormProps) {
  const t = useTranslations("launcher");
  // The launcher reads its fields in the browser, so their hints are said here.
  const hintWords = { t: useTranslations(), locale: useLocale() };
  const channelWords = useApprovalChannels();
  // A chat app takes a message. In `auto` the box shows when the app has chat features, and
  // after the app has said it is a chat app.
  const [learntChat, setLearntChat] = useState(false);
  const mode = learntChat ? "chatflow" : view.mode;
  const chat =
    mode === "chatflow" ||
    (mode === "auto" && (view.openingStatement !== "" || view.suggestedQuestions.length > 0));
  // Problems are message keys, translated where they are shown (FormField).
  const schema = useMemo(
    () => buildStartFormSchema(view.fields, chat ? "chatflow" : mode, encodeFieldIssue),
    [view.fields, chat, mode],
  );
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<StartValues>({
    // useForm takes its options afresh each render, so a learnt chat app's schema applies at once.
    resolver: zodResolver(schema),
    defaultValues: startDefaults(view.fields),
    // Focus is moved by hand so file fields (no single input) get it too.
    shouldFocusError: false,
  });
  const names = useMemo(() => view.fields.map((field) => field.name), [view.fields]);
  const files = useFileStates(names);
  const [rootError, setRootError] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const focusFirstProblem = () =>
    requestAnimationFrame(() => {
      const first = view.fields.find((field) =>
        document.getElementById(`${inputId(field.name)}-error`),
      );
      if (first) focusField(first.name, inputId(first.name));
      else if (document.getElementById(`${QUERY_ID}-error`)) focusField(QUERY, QUERY_ID);
      else rootRef.current?.focus();
    });

  const onError = (error: Error) => {
    if (!(error instanceof ApiClientError)) return setRootError(t("errors.connectionBroke"));
    if (launcherProblem(error.code)) return onProblem(error);
    if (error.code === "message_required") {
      setLearntChat(true);
      // The code is stable, the server's English sentence is not the page's language.
      setError(QUERY, { type: "server", message: t("errors.messageRequired") });
    } else {
      for (const name of fieldsRefused(error, names))
        setError(fieldPath(name), { type: "server", message: error.message });
      setRootError(t("errors.notStarted", { message: error.message }));
    }
    focusFirstProblem();
  };
  const { launch, run, formLink, pending, ended } = useLaunch({ onError });

  const onValid = (values: StartValues) => {
    if (files.uploading > 0 || files.failed > 0) {
      setRootError(files.uploading > 0 ? t("errors.stillUploading") : t("errors.uploadsFailed"));
      requestAnimationFrame(() => rootRef.current?.focus());
      return;
    }
    setRootError(null);
    launch(values);
  };

  const started = pending || ended || run.nodes.length > 0;
  // On a phone the progress is below the fold: bring it up when a start begins.
  const progressRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (pending) progressRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [pending]);

  return (
    <>
      <section className="card stack" aria-labelledby="launcher-title">
        <h1 id="launcher-title">{chat ? t("start.titleChat") : t("start.titleWorkflow")}</h1>
        <p className="muted">{t("start.intro")}</p>
        {view.openingStatement ? (
          <div className="opening-statement">
            <FormMarkdown>{view.openingStatement}</FormMarkdown>
          </div>
        ) : null}
        <form
          noValidate
          aria-labelledby="launcher-title"
          onSubmit={(event) =>
            void handleSubmit(onValid, () => {
              setRootError(null);
              focusFirstProblem();
            })(event)
          }
        >
          <div ref={rootRef} tabIndex={-1} role={rootError ? "alert" : undefined}>
            {rootError ? <p className="notice notice-error">{rootError}</p> : null}
          </div>
          {view.fields.map((field) => (
            <FieldControl
              key={field.name}
              field={field}
              id={inputId(field.name)}
              path={fieldPath(field.name)}
              control={control}
              register={register}
              error={errors.inputs?.[answerKey(field.name)]?.message}
              files={{
                uploadTarget: LAUNCH_UPLOAD_TARGET,
                limits: view.limits,
                onStateChange: files.setters[field.name]!,
              }}
              hint={fieldHint(field, view.limits, hintWords)}
            />
          ))}
          {chat ? (
            <FormField
              id={QUERY_ID}
              label={t("start.message")}
              required
              error={errors.query?.message}
            >
              {(aria) => (
                <>
                  <textarea className="textarea" rows={3} {...aria} {...register(QUERY)} />
                  {view.suggestedQuestions.length > 0 ? (
                    <div
                      className="suggestions"
                      role="group"
                      aria-label={t("start.suggestedQuestions")}
                    >
                      {view.suggestedQuestions.map((question) => (
                        <Button
                          key={question}
                          size="small"
                          onClick={() =>
                            setValue(QUERY, question, { shouldDirty: true, shouldValidate: true })
                          }
                        >
                          {question}
                        </Button>
                      ))}
                    </div>
                  ) : null}
                </>
              )}
            </FormField>
          ) : null}
          <div className="actions">
            <Button type="submit" variant="primary" busy={pending} disabled={pending}>
              {pending ? t("start.starting") : t("start.start")}
            </Button>
          </div>
        </form>
      </section>
      {started ? (
        <section
          ref={progressRef}
          className="card stack run-view"
          aria-labelledby="launch-progress-title"
          aria-busy={pending}
        >
          <h2 id="launch-progress-title">{t("progress.title")}</h2>
          <p role="status" className="muted small">
            {formLink ? t("progress.opening") : pending ? t("progress.starting") : ""}
          </p>
          <RunProgress state={run}>
            {run.waiting
              .filter((form) => !form.formToken || form.v2)
              .map((form) => (
                <p key={form.formId ?? form.nodeId} className="notice notice-warning">
                  {t.rich("progress.elsewhere", {
                    node: form.nodeTitle,
                    channels: channelWords(form.channels),
                    hasChannels: channelWords(form.channels) ? "yes" : "no",
                    strong,
                  })}
                </p>
              ))}
            {formLink ? (
              <p className="notice">
                {/* While the run's stream is still open (servers that keep it open across the
                    pause), the form opens in a new tab: closing that stream would stop the run. */}
                {t.rich(pending ? "progress.formReadyNewTab" : "progress.formReady", {
                  node: formLink.node_title ?? t("progress.reviewStep"),
                  strong,
                  link: (chunks) =>
                    pending ? (
                      <a href={formLink.url} target="_blank" rel="noopener">
                        {chunks}
                      </a>
                    ) : (
                      <a href={formLink.url}>{chunks}</a>
                    ),
                })}
              </p>
            ) : null}
          </RunProgress>
        </section>
      ) : null}
    </>
  );
}
