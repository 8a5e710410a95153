"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { useEmbedNotify } from "@/components/embed/embed-provider";
import { HumanInputForm, type SubmittedAnswer } from "@/components/form/human-input-form";
import { RunView } from "@/components/run/run-view";
import { SubmittedSummary } from "@/components/form/submitted-summary";
import { WaitingForms } from "@/components/run/waiting-forms";
import { Button } from "@/components/ui/button";
import { StatusScreen } from "@/components/ui/status-screen";
import { ApiClientError } from "@/lib/client/api-fetch";
import { fetchForm, formQueryKey, type FormLinkContext } from "@/lib/form/form-api";
import { deleteDraft, draftKeyOf, sweepDrafts } from "@/lib/form/form-draft";
import { useRunStream, type RunStream } from "@/lib/run/use-run-stream";
import type { FieldView } from "@/lib/form/form-view";

type Outcome =
  | { kind: "submitted"; submitted: SubmittedAnswer; fields: FieldView[] }
  | { kind: "closed"; error: ApiClientError }
  | { kind: "expired" };

/** The form page's states: loading, open, and every way a form can end or fail to load. */
export function FormScreen({ link }: { link: FormLinkContext }) {
  const t = useTranslations("run");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const query = useFormQuery(link, outcome === null);
  const closedCode =
    outcome?.kind === "closed"
      ? outcome.error.code
      : query.error instanceof ApiClientError
        ? query.error.code
        : null;
  // Once the form is answered or expired, the run it belongs to is what matters: follow it.
  // The run is followed from the moment the form opens, so nothing that happens after the answer
  // is missed; it is shown once the form is answered or closed.
  const run = useRunStream(link, Boolean(link.run));
  useEmbedEvents(outcome, query.error, run);
  useDraftCleanup(link, outcome, closedCode);
  const showRun =
    Boolean(link.run) &&
    (outcome?.kind === "submitted" ||
      outcome?.kind === "expired" ||
      closedCode === "human_input_form_submitted" ||
      closedCode === "human_input_form_expired");
  return (
    <>
      <FormState link={link} outcome={outcome} setOutcome={setOutcome} query={query} />
      {showRun ? (
        <RunView link={link} run={run} />
      ) : run.state.waiting.length > 1 ? (
        // Parallel branches: this form is one of several the run waits at.
        <section className="card stack run-view" aria-label={t("alsoWaiting")}>
          <WaitingForms forms={run.state.waiting} ownToken={link.token} scope={link.scope} />
        </section>
      ) : null}
    </>
  );
}

// Codes after which this link's draft of the form can never be sent.
const ENDED_CODES = new Set([
  "human_input_form_submitted",
  "human_input_form_expired",
  "not_found",
  "link_expired",
]);

/** Drafts go once their form closes or expires or their link does; old ones are swept. */
function useDraftCleanup(
  link: FormLinkContext,
  outcome: Outcome | null,
  closedCode: string | null,
) {
  useEffect(() => sweepDrafts(), []);
  const ended =
    outcome?.kind === "expired" ||
    outcome?.kind === "closed" ||
    (closedCode !== null && ENDED_CODES.has(closedCode));
  useEffect(() => {
    if (ended) deleteDraft(draftKeyOf(link).key);
  }, [ended, link]);
}

/** Tells an embedding portal what happened: answered, expired, failed, and the run's progress. */
function useEmbedEvents(outcome: Outcome | null, queryError: Error | null, run: RunStream) {
  const notify = useEmbedNotify();
  const error = outcome?.kind === "closed" ? outcome.error : queryError;
  const errorCode = error instanceof ApiClientError ? error.code : error ? "unknown" : null;
  const errorMessage = error?.message ?? "";
  useEffect(() => {
    if (outcome?.kind === "submitted") {
      notify({
        type: "submitted",
        actionId: outcome.submitted.action.id,
        actionTitle: outcome.submitted.action.title,
      });
    } else if (outcome?.kind === "expired") {
      notify({ type: "expired" });
    }
  }, [outcome, notify]);
  useEffect(() => {
    if (errorCode === "human_input_form_expired") notify({ type: "expired" });
    else if (errorCode) notify({ type: "error", code: errorCode, message: errorMessage });
  }, [errorCode, errorMessage, notify]);

  const { nodes, outcome: runOutcome, waiting, phase } = run.state;
  // Only this link's own token ever reaches the browser: another person's form shows as null.
  const pause = waiting[0];
  const last = nodes[nodes.length - 1];
  const answered = outcome?.kind === "submitted";
  // The run is followed from the start, but the portal hears of it only once the form is
  // answered or closed, so `submitted` always comes before the run's own events.
  const following = outcome !== null || errorCode !== null;
  useEffect(() => {
    if (following && last)
      notify({ type: "run-progress", nodeTitle: last.title, status: last.status });
  }, [following, last, notify]);
  useEffect(() => {
    if (following && runOutcome) {
      notify({ type: "run-finished", status: runOutcome.status, outputs: runOutcome.outputs });
    }
  }, [following, runOutcome, notify]);
  useEffect(() => {
    // Only a pause after this form was answered is a pause "again".
    if (answered && phase === "paused" && pause)
      notify({ type: "paused-again", nextFormToken: pause.formToken });
  }, [answered, phase, pause, notify]);
}

function useFormQuery(link: FormLinkContext, enabled: boolean) {
  return useQuery({
    queryKey: formQueryKey(link.token),
    queryFn: ({ signal }) => fetchForm(link, signal),
    enabled,
  });
}

function FormState({
  link,
  outcome,
  setOutcome,
  query,
}: {
  link: FormLinkContext;
  outcome: Outcome | null;
  setOutcome: (outcome: Outcome) => void;
  query: ReturnType<typeof useFormQuery>;
}) {
  const queryClient = useQueryClient();
  const t = useTranslations("form");
  const onExpired = useCallback(() => setOutcome({ kind: "expired" }), [setOutcome]);

  if (outcome?.kind === "submitted") {
    return (
      <StatusScreen title={t("sent.title")} tone="success">
        <p className="notice notice-success">
          {t.rich("sent.chose", {
            action: outcome.submitted.action.title,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        <SubmittedSummary fields={outcome.fields} answers={outcome.submitted.answers} />
      </StatusScreen>
    );
  }
  if (outcome?.kind === "expired") {
    return (
      <StatusScreen title={t("expired.title")} tone="warning">
        <p>{t("expired.whileOpen")}</p>
      </StatusScreen>
    );
  }
  const error = outcome?.kind === "closed" ? outcome.error : query.error;
  if (error)
    return (
      <FormError error={error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  const form = query.data;
  if (!form) {
    return (
      <section className="card" aria-busy="true" aria-labelledby="loading-title">
        <h1 id="loading-title" style={{ display: "flex", gap: 10, alignItems: "center" }}>
          <span className="spinner" aria-hidden="true" /> {t("loading")}
        </h1>
      </section>
    );
  }
  return (
    <HumanInputForm
      key={form.token}
      form={form}
      link={link}
      onSubmitted={(submitted) => setOutcome({ kind: "submitted", submitted, fields: form.fields })}
      onClosed={(closedError) => setOutcome({ kind: "closed", error: closedError })}
      onExpired={onExpired}
      onUnknownOutcome={async (submitted) => {
        // A lost response: a 412 "submitted" on re-fetch means the answer did arrive.
        try {
          await queryClient.fetchQuery({
            queryKey: formQueryKey(link.token),
            queryFn: () => fetchForm(link),
            staleTime: 0,
          });
          return false;
        } catch (refetchError) {
          if (
            refetchError instanceof ApiClientError &&
            refetchError.code === "human_input_form_submitted"
          ) {
            setOutcome({ kind: "submitted", submitted, fields: form.fields });
            return true;
          }
          return false;
        }
      }}
    />
  );
}

function FormError({
  error,
  onRetry,
  retrying,
}: {
  error: Error;
  onRetry: () => void;
  retrying: boolean;
}) {
  const t = useTranslations("form");
  const code = error instanceof ApiClientError ? error.code : "unknown";
  switch (code) {
    case "human_input_form_submitted":
      return (
        <StatusScreen title={t("answered.title")} tone="info">
          <p>{t("answered.body")}</p>
        </StatusScreen>
      );
    case "human_input_form_expired":
      return (
        <StatusScreen title={t("expired.title")} tone="warning">
          <p>{t("expired.body")}</p>
        </StatusScreen>
      );
    case "not_found":
      return (
        <StatusScreen title={t("notFound.title")} tone="error">
          <p>{t("notFound.body")}</p>
        </StatusScreen>
      );
    case "link_invalid":
    case "link_expired":
    case "link_missing":
      return (
        <StatusScreen title={t("linkProblem.title")} tone="error">
          <p>{t(`linkProblem.${code}`)}</p>
        </StatusScreen>
      );
    default:
      return (
        <StatusScreen
          title={t("unavailable.title")}
          tone="error"
          actions={
            <Button variant="primary" onClick={onRetry} busy={retrying} disabled={retrying}>
              {t("unavailable.retry")}
            </Button>
          }
        >
          <p>
            {code === "upstream_timeout"
              ? t("unavailable.timeout")
              : code === "upstream_unreachable" || code === "network_error"
                ? t("unavailable.unreachable")
                : error.message || t("unavailable.body")}
          </p>
          <p className="muted small">{t("unavailable.nothingLost")}</p>
        </StatusScreen>
      );
  }
}
