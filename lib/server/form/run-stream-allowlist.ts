import "server-only";
import { isRecord } from "@/lib/ids/is-record";
import type { EventTransform } from "@/lib/server/streams/relay-event-stream";

// NOTE: a form link's run stream carries only what the run view reads, so one approver cannot
// read another's answers or the prompts of the run (decision 032). Each event is rebuilt from an
// allowlist; kinds the page does not read are dropped (they carry the heaviest payloads).

/** `value`: a string, number, boolean or null; `strings`: an array of strings; `[shape]`: each. */
type Rule = "value" | "strings" | Shape | readonly [Shape];
type Shape = { readonly [key: string]: Rule };

const V = "value";

const ENVELOPE = {
  event: V,
  task_id: V,
  workflow_run_id: V,
  conversation_id: V,
  message_id: V,
  id: V,
  created_at: V,
} as const satisfies Shape;

const NODE = {
  id: V,
  node_id: V,
  node_type: V,
  title: V,
  index: V,
  created_at: V,
} as const satisfies Shape;

const FORM = { form_id: V, node_id: V, node_title: V } as const satisfies Shape;

/** How the page names a form: the token is kept here and nulled by the redactor unless it is the link's own. */
const FORM_REF = {
  ...FORM,
  form_token: V,
  approval_channels: "strings",
  form_version: V,
} as const satisfies Shape;

const PROGRESS: Readonly<Record<string, Shape>> = {
  workflow_started: { ...ENVELOPE, data: { id: V, workflow_id: V, created_at: V, reason: V } },
  node_started: { ...ENVELOPE, data: NODE },
  node_finished: {
    ...ENVELOPE,
    data: { ...NODE, status: V, error: V, elapsed_time: V, finished_at: V },
  },
  human_input_required: { ...ENVELOPE, data: FORM_REF },
  workflow_paused: {
    ...ENVELOPE,
    data: {
      workflow_run_id: V,
      status: V,
      created_at: V,
      elapsed_time: V,
      paused_nodes: "strings",
      // graphon 0.6.0 and later key a form's reason by `session_id` (its form id).
      reasons: [{ TYPE: V, type: V, session_id: V, ...FORM_REF }],
    },
  },
  human_input_form_filled: {
    ...ENVELOPE,
    // The action chosen is the run's path, as the nodes that follow show; what was written is not.
    data: { ...FORM, action_id: V, action_text: V },
  },
  human_input_form_timeout: { ...ENVELOPE, data: { ...FORM, expiration_time: V } },
  workflow_finished: {
    ...ENVELOPE,
    data: { id: V, workflow_id: V, status: V, error: V, elapsed_time: V, finished_at: V },
  },
  message_end: ENVELOPE,
  error: { ...ENVELOPE, status: V, code: V, message: V },
};

/** Kinds that are the run's answer itself: relayed only when outputs are shown. */
const ANSWER: Readonly<Record<string, Shape>> = {
  text_chunk: { ...ENVELOPE, data: { text: V, from_variable_selector: "strings" } },
  message: { ...ENVELOPE, answer: V },
  message_replace: { ...ENVELOPE, answer: V },
};

type Json = Record<string, unknown>;

function keep(value: unknown, rule: Rule): unknown {
  if (rule === "value") {
    return value === null || ["string", "number", "boolean"].includes(typeof value)
      ? value
      : undefined;
  }
  if (rule === "strings") {
    return Array.isArray(value) && value.every((item) => typeof item === "string")
      ? [...value]
      : undefined;
  }
  if (Array.isArray(rule)) {
    const [each] = rule as readonly [Shape];
    return Array.isArray(value)
      ? value.filter(isRecord).map((item) => pick(item, each))
      : undefined;
  }
  return isRecord(value) ? pick(value, rule as Shape) : undefined;
}

function pick(source: Json, shape: Shape): Json {
  const out: Json = {};
  for (const [key, rule] of Object.entries(shape)) {
    if (!Object.hasOwn(source, key)) continue;
    const kept = keep(source[key], rule);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/** `outputs`: whether the streamed answer and the final outputs may go out (runOutputsShown). */
export function runStreamAllowlist(options: {
  ownToken: string;
  outputs: boolean;
}): EventTransform {
  const { ownToken, outputs } = options;
  // What this connection has seen, to tell which filled form is the link's own and which node's
  // full text may replace its chunks (a node that streamed none keeps its outputs to itself).
  const ownFormIds = new Set<string>();
  const lastFormIsOwn = new Map<string, boolean>();
  const streamedNodes = new Set<string>();

  const noteForm = (form: Json) => {
    if (!("form_token" in form) || typeof form.node_id !== "string") return;
    const own = ownToken !== "" && form.form_token === ownToken;
    lastFormIsOwn.set(form.node_id, own);
    const formId = form.form_id ?? form.session_id;
    if (own && typeof formId === "string") ownFormIds.add(formId);
  };
  // Matched as the run view matches it: by form_id when the event has one, else the form last
  // required at that node.
  const isOwnForm = (filled: Json) =>
    typeof filled.form_id === "string" && filled.form_id
      ? ownFormIds.has(filled.form_id)
      : typeof filled.node_id === "string" && lastFormIsOwn.get(filled.node_id) === true;

  return {
    apply(json) {
      if (!isRecord(json) || typeof json.event !== "string") return [];
      const shape = PROGRESS[json.event] ?? (outputs ? ANSWER[json.event] : undefined);
      if (!shape) return [];
      const out = pick(json, shape);
      const data = isRecord(json.data) ? json.data : {};
      const kept = isRecord(out.data) ? out.data : {};
      switch (json.event) {
        case "text_chunk": {
          const selector = data.from_variable_selector;
          if (Array.isArray(selector) && typeof selector[0] === "string") {
            streamedNodes.add(selector[0]);
          }
          break;
        }
        case "human_input_required":
          noteForm(data);
          break;
        case "workflow_paused":
          if (Array.isArray(data.reasons)) data.reasons.filter(isRecord).forEach(noteForm);
          break;
        case "human_input_form_filled":
          if (typeof data.rendered_content === "string" && isOwnForm(data)) {
            kept.rendered_content = data.rendered_content;
          }
          break;
        case "node_finished": {
          const text = isRecord(data.outputs) ? data.outputs.text : undefined;
          if (outputs && typeof text === "string" && streamedNodes.has(String(data.node_id))) {
            kept.outputs = { text };
          }
          break;
        }
        case "workflow_finished":
          if (outputs && isRecord(data.outputs)) kept.outputs = data.outputs;
          break;
      }
      return [out];
    },
  };
}

// NOTE: a link opens its own form only: in every event the relay passes, each `form_token` other
// than the link's own becomes null, wherever it sits. An event nested deeper than
// MAX_REDACT_DEPTH is dropped, not passed.

export const MAX_REDACT_DEPTH = 32;

const TOO_DEEP = Symbol("too deep");

/** Replaces foreign tokens in place; TOO_DEEP when the value nests deeper than it walks. */
function redact(value: unknown, ownToken: string, depth = 0): typeof TOO_DEEP | undefined {
  if (value === null || typeof value !== "object") return undefined;
  if (depth > MAX_REDACT_DEPTH) return TOO_DEEP;
  if ("form_token" in value && value.form_token !== ownToken) value.form_token = null;
  for (const item of Object.values(value)) {
    if (redact(item, ownToken, depth + 1) === TOO_DEEP) return TOO_DEEP;
  }
  return undefined;
}

/** The relay's transform for a link whose own form token is `ownToken`. */
export function formTokenRedaction(ownToken: string): EventTransform {
  return {
    apply: (event) => (redact(event, ownToken) === TOO_DEEP ? [] : [event]),
  };
}
