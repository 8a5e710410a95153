"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { FormMarkdown } from "@/components/form-markdown";
import { RunOutputs } from "@/components/run-outputs";
import { ApiClientError } from "@/lib/api-fetch";
import { fetchNextLink, type FormLinkContext } from "@/lib/form-api";
import type { NodeView } from "@/lib/run-view";
import type { RunStream } from "@/lib/use-run-stream";

const STATUS_WORDS: Record<string, string> = {
  running: "Running",
  succeeded: "Done",
  failed: "Failed",
  stopped: "Stopped",
  exception: "Failed",
  paused: "Waiting",
};

function formatElapsed(seconds: number | null): string {
  if (seconds === null) return "";
  return seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(1)} s`;
}

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

  const text = state.text.filter((entry) => entry.text.trim());

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

      {state.nodes.length > 0 ? (
        <ol className="node-list" aria-label="Steps">
          {state.nodes.map((node) => (
            <NodeItem key={node.executionId} node={node} />
          ))}
        </ol>
      ) : null}

      {text.map((entry) => (
        <div key={entry.nodeId} className="streamed-text" aria-live="off">
          <FormMarkdown>{entry.text}</FormMarkdown>
        </div>
      ))}

      {state.pause && !state.pause.formToken ? (
        <p className="notice notice-warning">
          The next step, <strong>{state.pause.nodeTitle}</strong>, is answered elsewhere
          {state.pause.channels.length ? ` (by ${state.pause.channels.join(", ")})` : ""}. This page
          keeps following the run.
        </p>
      ) : null}
      {state.pause?.formToken && state.pause.formToken !== currentToken ? (
        <p className="notice" role="status">
          {nextError ?? (
            <>
              The run needs another answer at <strong>{state.pause.nodeTitle}</strong>. Opening it…
            </>
          )}
        </p>
      ) : null}

      {state.outcome ? (
        <div className="stack">
          <h3>
            {state.outcome.status === "succeeded"
              ? "Run finished"
              : state.outcome.status === "failed"
                ? "Run failed"
                : state.outcome.status === "stopped"
                  ? "Run stopped"
                  : `Run ended: ${state.outcome.status}`}
          </h3>
          {state.outcome.error ? (
            <p className="notice notice-error">{state.outcome.error}</p>
          ) : null}
          <RunOutputs outputs={state.outcome.outputs} />
        </div>
      ) : null}
      {state.streamError ? (
        <p className="notice notice-error">
          The run reported an error: {state.streamError.message}
        </p>
      ) : null}
    </section>
  );
}

function NodeItem({ node }: { node: NodeView }) {
  const words = STATUS_WORDS[node.status] ?? node.status;
  return (
    <li className="node-item" data-status={node.status}>
      <span className="node-title">{node.title}</span>
      <span className={`node-status node-status-${node.status}`}>
        {node.status === "running" ? <span className="spinner" aria-hidden="true" /> : null}
        {words}
        {node.elapsed !== null ? (
          <span className="muted small"> · {formatElapsed(node.elapsed)}</span>
        ) : null}
      </span>
      {node.error ? <span className="field-error">{node.error}</span> : null}
    </li>
  );
}
