import type { PauseReason, StreamEvent } from "@/lib/dify/browser-schemas";
import { initialRunView, waitingFormKey, type RunViewState } from "@/lib/run/run-view-state";

// Folds the events of a run's stream into what the page shows. Idempotent on replays: `pubsub`
// snapshots repeat node events (merged by execution id) and send a chat answer as one
// `message_replace`; `streams` logs repeat everything, so replayed chunks are checked against the
// text already shown after each (re)connect.

/** The pause reason types that name an open form: graphon 0.6.0 and later write `hitl_required`. */
export const FORM_PAUSE_REASONS: readonly string[] = ["human_input_required", "hitl_required"];

type NodeEvent = Extract<StreamEvent, { event: "node_finished" }>["data"];

const nodeView = (data: NodeEvent) => ({
  executionId: data.id,
  nodeId: data.node_id,
  title: data.title ?? data.node_id,
  status: data.status,
  // Seconds, when finished.
  elapsed: data.elapsed_time ?? null,
  error: data.error ?? null,
});
export type NodeView = ReturnType<typeof nodeView>;

export type ClosedForm = { key: string; nodeId: string; nodeTitle: string };
export type Filled = Record<"actionId" | "actionText" | "renderedContent", string | null>;

type FormFields = Partial<
  Pick<PauseReason, "form_id" | "node_title" | "form_token" | "approval_channels" | "form_version">
> & { node_id: string };

const waitingForm = (data: FormFields) => ({
  formId: data.form_id ?? null,
  nodeId: data.node_id,
  nodeTitle: data.node_title ?? data.node_id,
  // Null when the form is answered elsewhere, or (in the browser) when it is not this link's.
  formToken: data.form_token ?? null,
  channels: data.approval_channels ?? [],
  // A Human Input v2 form: answered on its channels only; the v1 routes do not know its token.
  v2: data.form_version === "2",
  // Answered, though the server still names it: the pause after parallel forms names
  // the forms still waiting in its engine's view until a follow-up resume says they were filled.
  answered: false,
});
/** A form the run waits at. Several can be open at once (parallel branches). */
export type WaitingForm = ReturnType<typeof waitingForm>;

type AnyEvent = StreamEvent | { event: "unknown"; name: string } | { event: "connected" | "reset" };

function upsertNode(nodes: NodeView[], data: NodeEvent): NodeView[] {
  const node = nodeView(data);
  const index = nodes.findIndex((existing) => existing.executionId === node.executionId);
  if (index === -1) return [...nodes, node];
  const current = nodes[index]!;
  // A replayed node_started must not turn a finished node back into a running one.
  if (node.status === "running" && current.status !== "running") return nodes;
  const next = nodes.slice();
  // A snapshot's finished node carries no error: an error already shown stays.
  next[index] = {
    ...current,
    ...node,
    error: node.error ?? current.error,
    elapsed: node.elapsed ?? current.elapsed,
  };
  return next;
}

function setText(text: RunViewState["text"], nodeId: string, update: (old: string) => string) {
  const index = text.findIndex((entry) => entry.nodeId === nodeId);
  if (index === -1) return [...text, { nodeId, text: update("") }];
  const next = text.slice();
  next[index] = { nodeId, text: update(text[index]!.text) };
  return next;
}

function without(record: Record<string, string>, key: string): Record<string, string> {
  if (!(key in record)) return record;
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

/** A node's or the answer's whole text, replacing what streamed (or replays) before it. */
const replaceText = (state: RunViewState, key: string, text: string) => ({
  text: setText(state.text, key, () => text),
  replayed: without(state.replayed, key),
});

/** Appends a streamed chunk, unless it only replays text already shown. */
function appendChunk(state: RunViewState, key: string, chunk: string): RunViewState {
  const known = state.text.find((entry) => entry.nodeId === key)?.text ?? "";
  const sofar = state.replayed[key];
  if (sofar === undefined)
    return { ...state, text: setText(state.text, key, (old) => old + chunk) };
  const replay = sofar + chunk;
  if (known.startsWith(replay)) return { ...state, replayed: { ...state.replayed, [key]: replay } };
  // Nothing replayed before this chunk: a snapshot without chunks, and this one is new.
  if (sofar === "") return { ...state, ...replaceText(state, key, known + chunk) };
  // The replay has caught up with what was shown and goes on: from here it is the text.
  return { ...state, ...replaceText(state, key, replay) };
}

function matches(form: WaitingForm, formId: string | null | undefined, nodeId: string): boolean {
  return formId && form.formId ? form.formId === formId : form.nodeId === nodeId;
}

// The form a filled or timeout event closes; null for a replay. Without `form_id`, the form last
// opened at that node (a loop may reopen it), else the oldest open there.
function closing(
  state: RunViewState,
  data: Pick<FormFields, "form_id" | "node_id" | "node_title">,
) {
  const { form_id: formId, node_id: nodeId } = data;
  const last = state.lastRequired[nodeId];
  const form = formId
    ? state.waiting.find((w) => matches(w, formId, nodeId))
    : state.waiting.find((w) =>
        last === undefined ? w.nodeId === nodeId : waitingFormKey(w) === last,
      );
  const key = formId || (form ? waitingFormKey(form) : (last ?? nodeId));
  if (closedKeys(state).has(key)) return null;
  const waiting = state.waiting.filter((w) => w !== form);
  const phase: RunViewState["phase"] = waiting.length > 0 ? "paused" : "running";
  const nodeTitle = data.node_title ?? form?.nodeTitle ?? nodeId;
  return { key, nodeId, nodeTitle, waiting, phase };
}

function closedKeys(state: RunViewState): Set<string> {
  return new Set([...state.filled.map((f) => f.key), ...state.timeouts.map((t) => t.key)]);
}

function upsertWaiting(state: RunViewState, form: WaitingForm): WaitingForm[] {
  // A streams replay repeats forms answered long ago, right before their filled event; a pause
  // after parallel forms may name them once more, answered, as may a snapshot of that pause.
  if (form.formId && closedKeys(state).has(form.formId)) return state.waiting;
  const latest = state.nodes.findLast((node) => node.nodeId === form.nodeId);
  if (latest && latest.status !== "running" && latest.status !== "paused") return state.waiting;
  const index = state.waiting.findIndex((w) => matches(w, form.formId, form.nodeId));
  if (index === -1) return [...state.waiting, form];
  const current = state.waiting[index]!;
  const next = state.waiting.slice();
  next[index] = {
    formId: current.formId ?? form.formId,
    nodeId: current.nodeId,
    // A title beats a bare node id (pause reasons of the newest servers carry no title).
    nodeTitle: current.nodeTitle !== current.nodeId ? current.nodeTitle : form.nodeTitle,
    formToken: current.formToken ?? form.formToken,
    channels: form.channels.length ? form.channels : current.channels,
    v2: current.v2 || form.v2,
    answered: current.answered || form.answered,
  };
  return next;
}

function isFormReason(reason: PauseReason): reason is PauseReason & { node_id: string } {
  const type = reason.TYPE ?? reason.type ?? "human_input_required";
  return FORM_PAUSE_REASONS.includes(type) && typeof reason.node_id === "string";
}

/** workflow_paused lists every form the run waits at: it adds any not yet known and drops the rest. */
function pausedAt(state: RunViewState, reasons: PauseReason[]): WaitingForm[] {
  const forms = reasons.filter(isFormReason);
  if (forms.length === 0) return state.waiting;
  let waiting = state.waiting.filter((w) =>
    forms.some((reason) => matches(w, reason.form_id, reason.node_id)),
  );
  for (const reason of forms) waiting = upsertWaiting({ ...state, waiting }, waitingForm(reason));
  return waiting;
}

const ended = (state: RunViewState) => state.phase === "finished" || state.phase === "failed";

export function runViewReducer(state: RunViewState, event: AnyEvent): RunViewState {
  switch (event.event) {
    case "reset":
      return initialRunView;
    case "connected":
      // Whatever this connection replays of the text already shown is checked, not appended.
      return {
        ...state,
        replayed: Object.fromEntries(state.text.map((entry) => [entry.nodeId, ""])),
        lastRequired: {},
      };
    case "workflow_started": {
      if (ended(state)) return state;
      const resumed = event.data.reason === "resumption" && state.phase === "paused";
      return {
        ...state,
        phase: "running",
        resumedFrom: resumed ? state.waiting.map(waitingFormKey) : state.resumedFrom,
      };
    }
    case "node_started":
      return {
        ...state,
        phase: state.phase === "waiting" ? "running" : state.phase,
        nodes: upsertNode(state.nodes, {
          ...event.data,
          status: "running",
          elapsed_time: null,
          error: null,
        }),
      };
    case "node_finished": {
      const nodes = upsertNode(state.nodes, event.data);
      // The full text output supersedes its chunks (some may have been missed while reconnecting).
      const full = event.data.outputs?.text;
      const hadChunks = state.text.some((entry) => entry.nodeId === event.data.node_id);
      if (typeof full === "string" && hadChunks)
        return { ...state, nodes, ...replaceText(state, event.data.node_id, full) };
      return { ...state, nodes };
    }
    case "text_chunk": {
      const selector = (event.data as { from_variable_selector?: unknown }).from_variable_selector;
      const nodeId = Array.isArray(selector) && typeof selector[0] === "string" ? selector[0] : "_";
      return appendChunk(state, nodeId, event.data.text);
    }
    case "message":
      return appendChunk(state, "_answer", event.answer);
    case "message_replace":
      return { ...state, ...replaceText(state, "_answer", event.answer) };
    case "human_input_required":
      return {
        ...state,
        lastRequired: {
          ...state.lastRequired,
          [event.data.node_id]: event.data.form_id ?? event.data.node_id,
        },
        waiting: upsertWaiting(state, waitingForm(event.data)),
      };
    case "workflow_paused": {
      const reasons = event.data.reasons ?? [];
      // A resume that closed nothing before pausing again at forms it was waiting at: one of
      // them was answered, and the server goes on later. None is anyone's to open.
      const again = new Set(state.resumedFrom ?? []);
      const waiting = pausedAt({ ...state, resumedFrom: null }, reasons).map((form) =>
        again.has(waitingFormKey(form)) ? { ...form, answered: true } : form,
      );
      state = { ...state, resumedFrom: null };
      // Newer servers send a pause naming only forms already answered: the run goes on.
      if (waiting.length === 0 && reasons.some(isFormReason))
        return { ...state, waiting, phase: ended(state) ? state.phase : "running" };
      return { ...state, phase: "paused", waiting };
    }
    case "human_input_form_filled":
    case "human_input_form_timeout": {
      const target = closing({ ...state, resumedFrom: null }, event.data);
      state = { ...state, resumedFrom: null };
      if (!target) return state;
      const { waiting, phase, ...closed } = target;
      if (event.event === "human_input_form_timeout")
        return { ...state, timeouts: [...state.timeouts, closed], waiting, phase };
      const filled = {
        ...closed,
        actionId: event.data.action_id ?? null,
        actionText: event.data.action_text ?? null,
        renderedContent: event.data.rendered_content ?? null,
      };
      return { ...state, filled: [...state.filled, filled], waiting, phase };
    }
    case "workflow_finished": {
      // After a reconnect to a run that ended meanwhile, only this event comes: nodes last seen
      // running take the run's end state.
      const settled = ["succeeded", "partial-succeeded"].includes(event.data.status)
        ? "succeeded"
        : event.data.status;
      const outputs = event.data.outputs ?? {};
      // A chatflow's resumed stream may lack Answer messages (dropped after a Human Input node):
      // the outputs hold the whole answer, so they win, as a message_replace would.
      const answer = outputs.answer;
      const final = typeof answer === "string" && answer !== "" && !!event.conversation_id;
      return {
        ...state,
        text: final ? setText(state.text, "_answer", () => answer) : state.text,
        phase: "finished",
        waiting: [],
        nodes: state.nodes.map((node) =>
          node.status === "running" ? { ...node, status: settled } : node,
        ),
        outcome: {
          status: event.data.status,
          outputs,
          error: event.data.error ?? null,
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
