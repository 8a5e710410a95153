import type { StreamEvent } from "@/lib/dify/schemas";

// Folds the events of a run's stream into what the page shows. Idempotent on replays: after a
// reconnect with `include_state_snapshot=true` the same workflow_started / node events arrive again
// and are merged by node execution id, so nothing is shown twice.

export type NodeView = {
  executionId: string;
  nodeId: string;
  title: string;
  type: string | null;
  /** `running`, or a finished status from the upstream (`succeeded`, `failed`, `stopped`, …). */
  status: string;
  /** Seconds, when finished. */
  elapsed: number | null;
  error: string | null;
};

export type FilledView = {
  nodeId: string;
  nodeTitle: string;
  actionId: string | null;
  actionText: string | null;
  renderedContent: string | null;
};

export type PauseView = {
  nodeId: string;
  nodeTitle: string;
  formToken: string | null;
  channels: string[];
};

export type RunOutcome = {
  status: string;
  outputs: Record<string, unknown>;
  error: string | null;
  elapsed: number | null;
};

export type RunViewState = {
  phase: "waiting" | "running" | "paused" | "finished" | "failed";
  nodes: NodeView[];
  filled: FilledView[];
  timeouts: { nodeId: string; nodeTitle: string }[];
  /** Streamed text per node id, in arrival order of the nodes. */
  text: { nodeId: string; text: string }[];
  pause: PauseView | null;
  outcome: RunOutcome | null;
  /** An `error` event from the stream. */
  streamError: { code: string; message: string } | null;
};

export const initialRunView: RunViewState = {
  phase: "waiting",
  nodes: [],
  filled: [],
  timeouts: [],
  text: [],
  pause: null,
  outcome: null,
  streamError: null,
};

type AnyEvent = StreamEvent | { event: "unknown"; name: string };

function upsertNode(nodes: NodeView[], node: NodeView): NodeView[] {
  const index = nodes.findIndex((existing) => existing.executionId === node.executionId);
  if (index === -1) return [...nodes, node];
  const current = nodes[index]!;
  // A replayed node_started must not turn a finished node back into a running one.
  if (node.status === "running" && current.status !== "running") return nodes;
  const next = nodes.slice();
  next[index] = { ...current, ...node };
  return next;
}

function setText(text: RunViewState["text"], nodeId: string, update: (old: string) => string) {
  const index = text.findIndex((entry) => entry.nodeId === nodeId);
  if (index === -1) return [...text, { nodeId, text: update("") }];
  const next = text.slice();
  next[index] = { nodeId, text: update(text[index]!.text) };
  return next;
}

export function runViewReducer(state: RunViewState, event: AnyEvent): RunViewState {
  switch (event.event) {
    case "workflow_started":
      return state.phase === "finished" || state.phase === "failed"
        ? state
        : { ...state, phase: "running", pause: null };
    case "node_started":
      return {
        ...state,
        phase: state.phase === "waiting" ? "running" : state.phase,
        nodes: upsertNode(state.nodes, {
          executionId: event.data.id,
          nodeId: event.data.node_id,
          title: event.data.title ?? event.data.node_id,
          type: event.data.node_type ?? null,
          status: "running",
          elapsed: null,
          error: null,
        }),
      };
    case "node_finished": {
      const nodes = upsertNode(state.nodes, {
        executionId: event.data.id,
        nodeId: event.data.node_id,
        title: event.data.title ?? event.data.node_id,
        type: event.data.node_type ?? null,
        status: event.data.status,
        elapsed: event.data.elapsed_time ?? null,
        error: event.data.error ?? null,
      });
      // The node's full text output supersedes its chunks (some may have been missed while
      // reconnecting).
      const full = event.data.outputs?.text;
      const hadChunks = state.text.some((entry) => entry.nodeId === event.data.node_id);
      const text =
        typeof full === "string" && hadChunks
          ? setText(state.text, event.data.node_id, () => full)
          : state.text;
      return { ...state, nodes, text };
    }
    case "text_chunk": {
      const selector = (event.data as { from_variable_selector?: unknown }).from_variable_selector;
      const nodeId = Array.isArray(selector) && typeof selector[0] === "string" ? selector[0] : "_";
      return { ...state, text: setText(state.text, nodeId, (old) => old + event.data.text) };
    }
    case "message": {
      return { ...state, text: setText(state.text, "_answer", (old) => old + event.answer) };
    }
    case "human_input_required": {
      const pause: PauseView = {
        nodeId: event.data.node_id,
        nodeTitle: event.data.node_title ?? "A review step",
        formToken: event.data.form_token ?? null,
        channels: event.data.approval_channels ?? [],
      };
      return { ...state, pause };
    }
    case "workflow_paused":
      return { ...state, phase: "paused" };
    case "human_input_form_filled": {
      if (state.filled.some((entry) => entry.nodeId === event.data.node_id)) return state;
      const filled: FilledView = {
        nodeId: event.data.node_id,
        nodeTitle: event.data.node_title ?? event.data.node_id,
        actionId: event.data.action_id ?? null,
        actionText: event.data.action_text ?? null,
        renderedContent: event.data.rendered_content ?? null,
      };
      const pause = state.pause?.nodeId === event.data.node_id ? null : state.pause;
      return { ...state, filled: [...state.filled, filled], pause, phase: "running" };
    }
    case "human_input_form_timeout": {
      if (state.timeouts.some((entry) => entry.nodeId === event.data.node_id)) return state;
      const pause = state.pause?.nodeId === event.data.node_id ? null : state.pause;
      return {
        ...state,
        timeouts: [
          ...state.timeouts,
          { nodeId: event.data.node_id, nodeTitle: event.data.node_title ?? event.data.node_id },
        ],
        pause,
        phase: "running",
      };
    }
    case "workflow_finished": {
      // A finished run has no running node. After a reconnect to a run that ended meanwhile, the
      // upstream sends only this event, so nodes last seen running take the run's end state.
      const settled = ["succeeded", "partial-succeeded"].includes(event.data.status)
        ? "succeeded"
        : event.data.status;
      return {
        ...state,
        phase: "finished",
        pause: null,
        nodes: state.nodes.map((node) =>
          node.status === "running" ? { ...node, status: settled } : node,
        ),
        outcome: {
          status: event.data.status,
          outputs: event.data.outputs ?? {},
          error: event.data.error ?? null,
          elapsed: event.data.elapsed_time ?? null,
        },
      };
    }
    case "error":
      return {
        ...state,
        phase: "failed",
        streamError: {
          code: event.code ?? "stream_error",
          message: event.message ?? "The run reported an error.",
        },
      };
    default:
      return state;
  }
}

/** Whether the stream can end here for good (no reconnect needed). */
export function isTerminal(state: RunViewState): boolean {
  return state.phase === "finished" || state.phase === "failed";
}
