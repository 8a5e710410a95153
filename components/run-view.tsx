"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { FormMarkdown } from "@/components/form-markdown";
import { RunProgress } from "@/components/run-progress";
import { ApiClientError } from "@/lib/api-fetch";
import { fetchNextLink, type FormLinkContext } from "@/lib/form-api";
import type { RunStream } from "@/lib/use-run-stream";

/** The run going on after an answer: nodes, streamed text, the next form, the outcome. */
export function RunView({ link, run }: { link: FormLinkContext; run: RunStream }) {
  const t = useTranslations("run");
  const { state, connection, failure } = run;
  const currentToken = link.token;
  const router = useRouter();
  const [nextError, setNextError] = useState<string | null>(null);
  const opening = useRef<string | null>(null);
  const nextToken = state.pause?.formToken;

  // The run paused again at a form we can answer: open it in place, and the address follows.
  useEffect(() => {
    if (!nextToken || nextToken === currentToken || opening.current === nextToken) return;
    opening.current = nextToken;
    fetchNextLink(link, nextToken).then(
      ({ url }) => router.replace(withPresentation(url)),
      (error: unknown) =>
        setNextError(error instanceof ApiClientError ? error.message : t("nextFailed")),
    );
  }, [nextToken, currentToken, link, router, t]);

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
        <div key={filled.nodeId} className="notice">
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
        <p key={timeout.nodeId} className="notice notice-warning">
          {t.rich("timedOut", {
            node: timeout.nodeTitle,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      ))}

      <RunProgress state={state}>
        {state.pause && !state.pause.formToken ? (
          <p className="notice notice-warning">
            {t.rich("elsewhere", {
              node: state.pause.nodeTitle,
              channels: state.pause.channels.join(", "),
              hasChannels: state.pause.channels.length ? "yes" : "no",
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
        ) : null}
        {state.pause?.formToken && state.pause.formToken !== currentToken ? (
          <p className="notice" role="status">
            {nextError ??
              t.rich("opening", {
                node: state.pause.nodeTitle,
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
