"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { FormMarkdown } from "@/components/markdown/form-markdown";
import { RunProgress } from "@/components/run/run-progress";
import { WaitingForms, waitingFormKey } from "@/components/run/waiting-forms";
import { ApiClientError } from "@/lib/client/api-fetch";
import { fetchNextLink, type FormLinkContext } from "@/lib/form/form-api";
import type { RunStream } from "@/lib/run/use-run-stream";

/** How long the waiting forms must stay put before the next one is opened (replays settle). */
const SETTLE_MS = 150;

/** The run going on after an answer: nodes, streamed text, the forms it waits at, the outcome. */
export function RunView({ link, run }: { link: FormLinkContext; run: RunStream }) {
  const t = useTranslations("run");
  const { state, connection, failure } = run;
  const router = useRouter();
  const [nextError, setNextError] = useState<string | null>(null);
  // Forms the server said this page cannot open (answered elsewhere), by key.
  const [elsewhere, setElsewhere] = useState<ReadonlySet<string>>(new Set());
  const opening = useRef<string | null>(null);
  const others = state.waiting.filter((form) => form.formToken !== link.token);
  // A run-scoped link opens the run's next form in place: the first waiting one it may open.
  const next =
    link.scope === "run" && state.phase === "paused"
      ? others.find((form) => !elsewhere.has(waitingFormKey(form)))
      : undefined;
  const nextKey = next ? waitingFormKey(next) : null;

  useEffect(() => {
    if (!next || !nextKey || opening.current === nextKey) return;
    const timer = setTimeout(() => {
      opening.current = nextKey;
      fetchNextLink(link, next).then(
        ({ url }) => router.replace(withPresentation(url)),
        (error: unknown) => {
          if (error instanceof ApiClientError && error.code === "not_found") {
            setElsewhere((keys) => new Set([...keys, nextKey]));
          } else {
            setNextError(error instanceof ApiClientError ? error.message : t("nextFailed"));
          }
        },
      );
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [next, nextKey, link, router, t]);

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
            strong: (chunks) => <strong>{chunks}</strong>,
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
          {t.rich("timedOut", {
            node: timeout.nodeTitle,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      ))}

      <RunProgress state={state}>
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
              {form.channels.length > 0
                ? t.rich("elsewhere", {
                    node: form.nodeTitle,
                    channels: form.channels.join(", "),
                    hasChannels: "yes",
                    strong: (chunks) => <strong>{chunks}</strong>,
                  })
                : t.rich("someoneElse", {
                    node: form.nodeTitle,
                    strong: (chunks) => <strong>{chunks}</strong>,
                  })}
            </p>
          ))}
        {next ? (
          <p className="notice" role="status">
            {nextError ??
              t.rich("opening", {
                node: next.nodeTitle,
                strong: (chunks) => <strong>{chunks}</strong>,
              })}
          </p>
        ) : null}
      </RunProgress>
    </section>
  );
}

/** Keeps how the page is shown (embedded, language, theme) when the next form opens. */
function withPresentation(url: string): string {
  const next = new URL(url, window.location.origin);
  const current = new URLSearchParams(window.location.search);
  for (const key of ["embed", "lang", "theme"]) {
    const value = current.get(key);
    if (value !== null) next.searchParams.set(key, value);
  }
  return `${next.pathname}${next.search}`;
}
