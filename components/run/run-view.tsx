import { useTranslations } from "next-intl";
import { FormMarkdown } from "@/components/markdown/form-markdown";
import { RunProgress, strong } from "@/components/run/run-progress";
import { WaitingForms } from "@/components/run/waiting-forms";
import { ApiClientError } from "@/lib/client/api-client-error";
import type { FormLinkContext } from "@/lib/form/form-api";
import { waitingFormKey } from "@/lib/run/run-view-state";
import { useApprovalChannels } from "@/lib/run/use-approval-channels";
import { useNextForm } from "@/lib/run/use-next-form";
import type { RunStream } from "@/lib/run/use-run-stream";

/** The run going on after an answer: nodes, streamed text, the forms it waits at, the outcome. */
export function RunView({ link, run }: { link: FormLinkContext; run: RunStream }) {
  const t = useTranslations("run");
  const channelWords = useApprovalChannels();
  const { state, connection, failure } = run;
  const { others, next, nextKey, elsewhere, error: nextFailure } = useNextForm(link, state);
  // This view follows a run after this page's answer. Paused with no form open: the server left
  // the run paused although every form was sent. Paused at others' forms only: another step waits.
  const stalled = state.phase === "paused" && state.waiting.length === 0;
  const waitingElse =
    state.phase === "paused" && others.length > 0 && others.length === state.waiting.length;
  const nextError =
    nextFailure && (nextFailure instanceof ApiClientError ? nextFailure.message : t("nextFailed"));

  return (
    <section
      className="card stack run-view"
      aria-labelledby="run-title"
      aria-busy={state.phase === "running"}
    >
      <h2 id="run-title">{t("title")}</h2>
      <p role="status" className="muted small">
        {failure
          ? ""
          : connection === "reconnecting"
            ? t("reconnecting")
            : connection === "connecting"
              ? t("connecting")
              : state.phase === "finished"
                ? ""
                : stalled
                  ? t("stalled")
                  : waitingElse
                    ? t("anotherStep", { nodes: others.map((form) => form.nodeTitle).join(", ") })
                    : state.phase === "paused"
                      ? t("waiting")
                      : t("live")}
      </p>
      {failure ? (
        <p className="notice notice-error">
          {failure.code === "not_found" ? t("notFound") : failure.message}
        </p>
      ) : null}

      {state.filled.map((filled) => (
        <div key={filled.key} className="notice">
          {t.rich("filled", {
            node: filled.nodeTitle,
            action: filled.actionText ?? filled.actionId ?? "",
            strong,
          })}
          {filled.renderedContent ? (
            <details>
              <summary>{t("whatWasSubmitted")}</summary>
              <FormMarkdown>{filled.renderedContent}</FormMarkdown>
            </details>
          ) : null}
        </div>
      ))}
      {state.timeouts.map((timeout) => (
        <p key={timeout.key} className="notice notice-warning">
          {t.rich("timedOut", { node: timeout.nodeTitle, strong })}
        </p>
      ))}

      <RunProgress state={state} outputs={link.runOutputs}>
        <WaitingForms
          forms={state.waiting}
          ownToken={link.token}
          scope={link.scope}
          openingKey={nextKey}
          elsewhere={elsewhere}
        />
        {others
          .filter((form) => link.scope !== "run" || elsewhere.has(waitingFormKey(form)))
          .map((form) => (
            <p key={waitingFormKey(form)} className="notice notice-warning">
              {form.channels.length > 0 || form.v2
                ? t.rich("elsewhere", {
                    node: form.nodeTitle,
                    channels: channelWords(form.channels),
                    hasChannels: channelWords(form.channels) ? "yes" : "no",
                    strong,
                  })
                : t.rich("someoneElse", { node: form.nodeTitle, strong })}
            </p>
          ))}
        {state.outcome?.status === "stopped" ? (
          <p className="notice notice-warning">{t("stoppedAfterAnswer")}</p>
        ) : null}
        {next ? (
          <p className="notice" role="status">
            {nextError ?? t.rich("opening", { node: next.nodeTitle, strong })}
          </p>
        ) : null}
      </RunProgress>
    </section>
  );
}
