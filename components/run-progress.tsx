import type { ReactNode } from "react";
import { FormMarkdown } from "@/components/form-markdown";
import { RunOutputs } from "@/components/run-outputs";
import type { NodeView, RunViewState } from "@/lib/run-view";

// A run as it goes: its steps, streamed text, and how it ended. Shared by the form page (after an
// answer) and the launcher (while starting); each adds its own notices through `children`.

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

export function RunProgress({ state, children }: { state: RunViewState; children?: ReactNode }) {
  const text = state.text.filter((entry) => entry.text.trim());
  return (
    <>
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

      {children}

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
    </>
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
