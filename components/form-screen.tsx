"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useEmbedNotify } from "@/components/embed-provider";
import { HumanInputForm, type SubmittedAnswer } from "@/components/human-input-form";
import { RunView } from "@/components/run-view";
import { SubmittedSummary } from "@/components/submitted-summary";
import { Button } from "@/components/ui/button";
import { StatusScreen } from "@/components/ui/status-screen";
import { ApiClientError } from "@/lib/api-fetch";
import { fetchForm, formQueryKey, type FormLinkContext } from "@/lib/form-api";
import { useRunStream, type RunStream } from "@/lib/use-run-stream";
import type { FieldView } from "@/lib/form-view";

type Outcome =
  | { kind: "submitted"; submitted: SubmittedAnswer; fields: FieldView[] }
  | { kind: "closed"; error: ApiClientError }
  | { kind: "expired" };

/** The form page's states: loading, open, and every way a form can end or fail to load. */
export function FormScreen({ link }: { link: FormLinkContext }) {
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
  const showRun =
    Boolean(link.run) &&
    (outcome?.kind === "submitted" ||
      outcome?.kind === "expired" ||
      closedCode === "human_input_form_submitted" ||
      closedCode === "human_input_form_expired");
  return (
    <>
      <FormState link={link} outcome={outcome} setOutcome={setOutcome} query={query} />
      {showRun ? <RunView link={link} run={run} /> : null}
    </>
  );
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

  const { nodes, outcome: runOutcome, pause, phase } = run.state;
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
  const onExpired = useCallback(() => setOutcome({ kind: "expired" }), [setOutcome]);

  if (outcome?.kind === "submitted") {
    return (
      <StatusScreen title="Answer sent" tone="success">
        <p className="notice notice-success">
          You chose <strong>{outcome.submitted.action.title}</strong>. The workflow goes on with
          your answer.
        </p>
        <SubmittedSummary fields={outcome.fields} answers={outcome.submitted.answers} />
      </StatusScreen>
    );
  }
  if (outcome?.kind === "expired") {
    return (
      <StatusScreen title="This form has expired" tone="warning">
        <p>
          The time to answer ran out while the form was open. The workflow goes on without an
          answer.
        </p>
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
          <span className="spinner" aria-hidden="true" /> Loading the form…
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
  const code = error instanceof ApiClientError ? error.code : "unknown";
  switch (code) {
    case "human_input_form_submitted":
      return (
        <StatusScreen title="Already answered" tone="info">
          <p>Someone has already answered this request, so it cannot be answered again.</p>
        </StatusScreen>
      );
    case "human_input_form_expired":
      return (
        <StatusScreen title="This form has expired" tone="warning">
          <p>
            The time to answer this request has run out. The workflow went on without an answer.
          </p>
        </StatusScreen>
      );
    case "not_found":
      return (
        <StatusScreen title="Form not found" tone="error">
          <p>
            There is no form at this link. Check that the whole link was copied, or ask for a new
            one.
          </p>
        </StatusScreen>
      );
    case "link_invalid":
    case "link_expired":
    case "link_missing":
      return (
        <StatusScreen title="This link cannot be used" tone="error">
          <p>{error.message}</p>
        </StatusScreen>
      );
    default:
      return (
        <StatusScreen
          title="The service is unavailable"
          tone="error"
          actions={
            <Button variant="primary" onClick={onRetry} busy={retrying} disabled={retrying}>
              Try again
            </Button>
          }
        >
          <p>{error.message || "The form could not be loaded right now."}</p>
          <p className="muted small">Nothing you entered has been lost.</p>
        </StatusScreen>
      );
  }
}
