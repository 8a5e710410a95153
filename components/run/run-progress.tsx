import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { FormMarkdown } from "@/components/markdown/form-markdown";
import { RunOutputs } from "@/components/run/run-outputs";
import type { NodeView } from "@/lib/run/run-view";
import type { RunViewState } from "@/lib/run/run-view-state";
import { intlFormatter } from "@/lib/i18n/intl-formatter";

// A run as it goes: its steps, streamed text, and how it ended. Shared by the form page (after an
// answer) and the launcher (while starting); each adds its own notices through `children`.

export const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

function formatElapsed(seconds: number, locale: string): string {
  const unit = seconds < 1 ? "millisecond" : "second";
  const value = seconds < 1 ? Math.round(seconds * 1000) : Math.round(seconds * 10) / 10;
  return intlFormatter("NumberFormat", locale, {
    style: "unit",
    unit,
    unitDisplay: "narrow",
  }).format(value);
}

export function RunProgress({
  state,
  outputs = true,
  children,
}: {
  state: RunViewState;
  /** False: the server sends this link the run's progress only (no answer, no outputs). */
  outputs?: boolean;
  children?: ReactNode;
}) {
  const t = useTranslations("run");
  const text = state.text.filter((entry) => entry.text.trim());
  return (
    <>
      {state.nodes.length > 0 ? (
        <ol className="node-list" aria-label={t("steps")}>
          {state.nodes.map((node) => (
            <NodeItem key={node.executionId} node={node} />
          ))}
        </ol>
      ) : null}

      {text.map((entry) => (
        <section
          key={entry.nodeId}
          className="streamed-text"
          aria-live="off"
          aria-label={
            entry.nodeId === "_answer"
              ? t("answer")
              : t("textFrom", {
                  node:
                    state.nodes.find((node) => node.nodeId === entry.nodeId)?.title ?? entry.nodeId,
                })
          }
        >
          <FormMarkdown>{entry.text}</FormMarkdown>
        </section>
      ))}

      {children}

      {state.outcome ? (
        <div className="stack">
          <h3>
            {["succeeded", "failed", "stopped"].includes(state.outcome.status)
              ? t(`outcome.${state.outcome.status}`)
              : t("outcome.other", { status: state.outcome.status })}
          </h3>
          {state.outcome.error ? (
            <p className="notice notice-error">{state.outcome.error}</p>
          ) : null}
          {outputs ? (
            <RunOutputs outputs={state.outcome.outputs} />
          ) : (
            <p className="muted">{t("outputsHidden")}</p>
          )}
        </div>
      ) : null}
      {state.streamError ? (
        <p className="notice notice-error">
          {t("streamError", { message: state.streamError.message })}
        </p>
      ) : null}
    </>
  );
}

function NodeItem({ node }: { node: NodeView }) {
  const t = useTranslations("run.status");
  const locale = useLocale();
  return (
    <li className="node-item" data-status={node.status}>
      <span className="node-title">{node.title}</span>
      <span className={`node-status node-status-${node.status}`}>
        {node.status === "running" ? <span className="spinner" aria-hidden="true" /> : null}
        {t.has(node.status) ? t(node.status) : node.status}
        {node.elapsed !== null ? (
          <span className="muted small"> · {formatElapsed(node.elapsed, locale)}</span>
        ) : null}
      </span>
      {node.error ? <span className="field-error">{node.error}</span> : null}
    </li>
  );
}
