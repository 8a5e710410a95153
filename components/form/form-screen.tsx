"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import {
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useState,
  useTransition,
  type ReactNode,
} from "react";
import { EmbedContext } from "@/components/embed/embed-provider";
import { HumanInputForm } from "@/components/form/human-input-form";
import { WaitingForms } from "@/components/run/waiting-forms";
import { Button } from "@/components/ui/button";
import { StatusScreen } from "@/components/ui/status-screen";
import { ApiClientError } from "@/lib/client/api-client-error";
import type { ErrorCode } from "@/lib/errors/error-code";
import type { FormLinkContext } from "@/lib/form/form-api";
import { linkRefusalOf } from "@/lib/form/form-link";
import { deleteDraft, linkEnd, sweepDrafts } from "@/lib/form/form-draft";
import { receiptOf, sweepReceipts, useKeptReceipt, type Receipt } from "@/lib/form/form-receipt";
import { formQueryOptions } from "@/lib/form/queries";
import { useInBrowser } from "@/lib/client/use-in-browser";
import type { SubmittedAnswer } from "@/lib/form/use-submit-form";
import { useApprovalChannels } from "@/lib/run/use-approval-channels";
import { useRunStream, type RunStream } from "@/lib/run/use-run-stream";

// Shown once an answer is in: chunks of their own, outside the open form's first load.
const RunView = lazy(() =>
  import("@/components/run/run-view").then((module) => ({ default: module.RunView })),
);
const AnswerReceipt = lazy(() =>
  import("@/components/form/answer-receipt").then((module) => ({
    default: module.AnswerReceipt,
  })),
);

type Outcome =
  | { kind: "submitted"; submitted: SubmittedAnswer; receipt: Receipt }
  | { kind: "closed"; failure: FormFailure }
  | { kind: "expired" };

type FormScreenProps = {
  link: FormLinkContext;
  /** Why the server could not load the form; null when it did (the form is in the query cache). */
  loadFailure: FormFailure | null;
  /** The form's content as the server rendered it (FormBody). */
  children: ReactNode;
};

/** The form page's states: the open form, and every way a form can end or fail to load. */
export function FormScreen({ link, loadFailure, children }: FormScreenProps) {
  const t = useTranslations("run");
  const tForm = useTranslations("form");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const onExpired = useCallback(() => setOutcome({ kind: "expired" }), []);
  const onClosed = useCallback(
    (error: ApiClientError) => setOutcome({ kind: "closed", failure: toFailure(error) }),
    [],
  );
  const query = useQuery({ ...formQueryOptions(link), enabled: outcome === null && !loadFailure });
  // A failed re-check (after a lost response) keeps the form that is on screen.
  const queryFailure = query.error && !query.data ? toFailure(query.error) : null;
  const failure = outcome?.kind === "closed" ? outcome.failure : (loadFailure ?? queryFailure);
  const closedCode = failure?.code ?? null;
  // Followed from the moment the form opens, so nothing after the answer is missed.
  const run = useRunStream(link, Boolean(link.run));
  useEmbedEvents(outcome, failure, run);
  useDraftCleanup(link, outcome, closedCode);
  // The answer this browser sent, kept for a reload of the link while the form is answered.
  const { receipt, forget: forgetReceipt } = useKeptReceipt(
    link,
    outcome?.kind === "submitted" ? outcome.receipt : null,
    closedCode === "human_input_form_submitted",
  );
  // Once the form is answered or expired, the run it belongs to is what matters.
  const showRun =
    Boolean(link.run) &&
    ((outcome !== null && outcome.kind !== "closed") ||
      closedCode === "human_input_form_submitted" ||
      closedCode === "human_input_form_expired");
  const form = query.data;
  // Stable, as are the form's other props: the form does not render again for each event of the
  // run this screen follows.
  const onSubmitted = useCallback(
    (submitted: SubmittedAnswer) => {
      if (!form) return;
      setOutcome({
        kind: "submitted",
        submitted,
        // Kept until the link's end, else the form's.
        receipt: receiptOf(
          submitted.action,
          form.fields,
          submitted.answers,
          linkEnd(link) ?? form.expiresAt,
        ),
      });
    },
    [form, link],
  );
  function formState() {
    if (outcome?.kind === "submitted") {
      return (
        <StatusScreen
          title={tForm(outcome.submitted.readBack ? "sent.likelyTitle" : "sent.title")}
          tone="success"
        >
          {outcome.submitted.readBack ? <p>{tForm("sent.likely")}</p> : null}
          <p className="notice notice-success">
            {tForm.rich("sent.chose", {
              action: outcome.submitted.action.title,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
        </StatusScreen>
      );
    }
    if (outcome?.kind === "expired") {
      return (
        <StatusScreen title={tForm("expired.title")} tone="warning">
          <p>{tForm("expired.whileOpen")}</p>
        </StatusScreen>
      );
    }
    if (failure) {
      const retry = (
        <RetryButton
          onRetry={loadFailure ? null : () => void query.refetch()}
          fetching={query.isFetching}
        />
      );
      // Where a form answered elsewhere is answered: its approval channels, if the run names them.
      // The v1 route knows no Human Input v2 token (404): the run's events tell such a form.
      const own = run.state.waiting.find((w) => w.formToken === link.token);
      const shown =
        own?.v2 && failure.code === "not_found"
          ? { code: "form_answered_elsewhere" as const, message: failure.message }
          : failure;
      return <FormErrorScreen failure={shown} retry={retry} channels={own?.channels} />;
    }
    if (!form) {
      return (
        <section className="card" aria-busy="true" aria-labelledby="loading-title">
          <h1 id="loading-title" style={{ display: "flex", gap: 10, alignItems: "center" }}>
            <span className="spinner" aria-hidden="true" /> {tForm("loading")}
          </h1>
        </section>
      );
    }
    return (
      <HumanInputForm
        key={form.token}
        form={form}
        link={link}
        onSubmitted={onSubmitted}
        onClosed={onClosed}
        onExpired={onExpired}
      >
        {children}
      </HumanInputForm>
    );
  }
  return (
    <>
      {formState()}
      <Suspense fallback={null}>
        {receipt ? (
          <section className="card">
            <AnswerReceipt
              receipt={receipt}
              runStatus={run.state.outcome?.status ?? null}
              onForget={forgetReceipt}
            />
          </section>
        ) : null}
        {showRun ? <RunView link={link} run={run} /> : null}
      </Suspense>
      {showRun ? null : run.state.waiting.length > 1 ? (
        // Parallel branches: this form is one of several the run waits at.
        <section className="card stack run-view" aria-label={t("alsoWaiting")}>
          <WaitingForms forms={run.state.waiting} ownToken={link.token} scope={link.scope} />
        </section>
      ) : null}
    </>
  );
}

function toFailure(error: Error): FormFailure {
  return error instanceof ApiClientError
    ? { code: error.code, message: error.message }
    : // Not an answer of the app's at all (a bug, not the service).
      { code: "unexpected_response", message: error.message };
}

// Codes after which this link's draft of the form can never be sent.
const ENDED_CODES = new Set<ErrorCode>([
  "human_input_form_submitted",
  "human_input_form_expired",
  "not_found",
  "link_expired",
]);

/** Drafts go once their form or link ends (answered, closed, expired); old ones are swept. */
function useDraftCleanup(
  link: FormLinkContext,
  outcome: Outcome | null,
  closedCode: ErrorCode | null,
) {
  useEffect(() => {
    sweepDrafts();
    sweepReceipts();
  }, []);
  const ended = outcome !== null || (closedCode !== null && ENDED_CODES.has(closedCode));
  useEffect(() => {
    if (ended) deleteDraft(link);
  }, [ended, link]);
}

/** Tells an embedding portal what happened: answered, expired, failed, and the run's progress. */
function useEmbedEvents(outcome: Outcome | null, failure: FormFailure | null, run: RunStream) {
  const notify = use(EmbedContext);
  const errorCode = failure?.code ?? null;
  const errorMessage = failure?.message ?? "";
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
  // The portal hears of the run only once the form is answered or closed: after `submitted`.
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

/** Loads the form again: from the server by rendering the page anew, else by fetching it. */
function RetryButton({ onRetry, fetching }: { onRetry: (() => void) | null; fetching: boolean }) {
  const t = useTranslations("form");
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const retry = onRetry ?? (() => startRefresh(() => router.refresh()));
  const busy = refreshing || fetching;
  // A click before the page hydrates would do nothing.
  const inBrowser = useInBrowser();
  return (
    <Button variant="primary" onClick={retry} busy={busy} disabled={busy || !inBrowser}>
      {t("unavailable.retry")}
    </Button>
  );
}

/** Why a form cannot be shown: the `{code, message}` of the app's error envelope. */
export type FormFailure = { code: ErrorCode; message: string };

// Codes whose screen is a title and a body of their own.
const PLAIN = {
  human_input_form_submitted: ["answered", "info"],
  human_input_form_expired: ["expired", "warning"],
  not_found: ["notFound", "error"],
  form_closed: ["closed", "info"],
} as const;

/** A form that cannot be answered here. `channels`: where it is answered, as the run names them. */
function FormErrorScreen({
  failure,
  retry,
  channels = [],
}: {
  failure: FormFailure;
  retry: ReactNode;
  channels?: readonly string[];
}) {
  const t = useTranslations("form");
  const channelWords = useApprovalChannels()(channels);
  const { code } = failure;
  const refused = linkRefusalOf(code);
  const plain = refused
    ? ([`link.${refused}`, "error"] as const)
    : PLAIN[code as keyof typeof PLAIN];
  if (plain) {
    const [key, tone] = plain;
    return (
      <StatusScreen title={t(`${key}.title`)} tone={tone}>
        <p>{t(`${key}.body`)}</p>
      </StatusScreen>
    );
  }
  switch (code) {
    case "form_answered_elsewhere":
      return (
        <StatusScreen title={t("elsewhere.title")} tone="info">
          <p>
            {channelWords
              ? t("elsewhere.channels", { channels: channelWords })
              : t("elsewhere.inDify")}
          </p>
        </StatusScreen>
      );
    default:
      return (
        <StatusScreen title={t("unavailable.title")} tone="error" actions={retry}>
          <p>
            {code === "upstream_timeout"
              ? t("unavailable.timeout")
              : code === "upstream_unreachable" || code === "network_error"
                ? t("unavailable.unreachable")
                : failure.message || t("unavailable.body")}
          </p>
          <p className="muted small">{t("unavailable.nothingLost")}</p>
        </StatusScreen>
      );
  }
}
