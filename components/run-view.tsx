"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { FormMarkdown } from "@/components/form-markdown";
import { RunProgress } from "@/components/run-progress";
import { ApiClientError } from "@/lib/api-fetch";
import { fetchNextLink, type FormLinkContext } from "@/lib/form-api";
import type { RunStream } from "@/lib/use-run-stream";

/** The run going on after an answer: nodes, streamed text, the next form, the outcome. */
export function RunView({ link, run }: { link: FormLinkContext; run: RunStream }) {
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
      ({ url }) => router.replace(url),
      (error: unknown) =>
        setNextError(
          error instanceof ApiClientError ? error.message : "The next form could not be opened.",
        ),
    );
  }, [nextToken, currentToken, link, router]);

  return (
    <section
      className="card stack run-view"
      aria-labelledby="run-title"
      aria-busy={state.phase === "running"}
    >
      <h2 id="run-title">What happens next</h2>
      <p role="status" className="muted small">
        {failure
          ? ""
          : connection === "reconnecting"
            ? "Connection lost. Reconnecting…"
            : connection === "connecting"
              ? "Connecting to the run…"
              : state.phase === "finished"
                ? ""
                : state.phase === "paused"
                  ? "The run is waiting."
                  : "The run is going on. This updates live."}
      </p>
      {failure ? (
        <p className="notice notice-error">
          {failure.code === "not_found"
            ? "This run cannot be followed from here: it was not found for this link."
            : failure.message}
        </p>
      ) : null}

      {state.filled.map((filled) => (
        <div key={filled.nodeId} className="notice">
          <strong>{filled.nodeTitle}</strong>: answered with “{filled.actionText ?? filled.actionId}
          ”.
          {filled.renderedContent ? (
            <details>
              <summary>What was submitted</summary>
              <FormMarkdown>{filled.renderedContent}</FormMarkdown>
            </details>
          ) : null}
        </div>
      ))}
      {state.timeouts.map((timeout) => (
        <p key={timeout.nodeId} className="notice notice-warning">
          <strong>{timeout.nodeTitle}</strong> expired before anyone answered. The run took its
          timeout path.
        </p>
      ))}

      <RunProgress state={state}>
        {state.pause && !state.pause.formToken ? (
          <p className="notice notice-warning">
            The next step, <strong>{state.pause.nodeTitle}</strong>, is answered elsewhere
            {state.pause.channels.length ? ` (by ${state.pause.channels.join(", ")})` : ""}. This
            page keeps following the run.
          </p>
        ) : null}
        {state.pause?.formToken && state.pause.formToken !== currentToken ? (
          <p className="notice" role="status">
            {nextError ?? (
              <>
                The run needs another answer at <strong>{state.pause.nodeTitle}</strong>. Opening
                it…
              </>
            )}
          </p>
        ) : null}
      </RunProgress>
    </section>
  );
}
