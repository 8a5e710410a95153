import type { ClosedForm, Filled, NodeView, WaitingForm } from "@/lib/run/run-view";

// What the page shows of a run, before any event: apart from the reducer (run-view.ts), which
// loads with the run's stream, after the form page's first load.

export function waitingFormKey(form: WaitingForm): string {
  return form.formId ?? form.nodeId;
}

export type RunOutcome = {
  status: string;
  outputs: Record<string, unknown>;
  error: string | null;
};

export const initialRunView = {
  phase: "waiting" as "waiting" | "running" | "paused" | "finished" | "failed",
  nodes: [] as NodeView[],
  filled: [] as (ClosedForm & Filled)[],
  timeouts: [] as ClosedForm[],
  /** Streamed text per node id, in arrival order of the nodes. */
  text: [] as { nodeId: string; text: string }[],
  /** Per text key, what this connection has replayed of the text already shown. */
  replayed: {} as Record<string, string>,
  waiting: [] as WaitingForm[],
  outcome: null as RunOutcome | null,
  streamError: null as { code: string; message: string } | null,
  /** Per node id, the form a filled or timeout event without `form_id` closes. */
  lastRequired: {} as Record<string, string>,
  /** The forms waiting when the run resumed, while nothing has closed since (a submit resumed it). */
  resumedFrom: null as string[] | null,
};
export type RunViewState = typeof initialRunView;
