import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readSseJson } from "@/lib/dify/sse-events";
import { parseStreamEvent } from "@/lib/dify/browser-schemas";
import { runViewReducer } from "@/lib/run/run-view";
import { initialRunView } from "@/lib/run/run-view-state";
import { formTokenRedaction } from "@/lib/server/form/run-stream-allowlist";
import { runStreamAllowlist } from "@/lib/server/form/run-stream-allowlist";
import { chainEventTransforms, relayEventStream } from "@/lib/server/streams/relay-event-stream";

// Every event kind the embedded service emits (lib/embedded/run-engine.ts, app-routes.ts), the wire
// notes list (docs/dify-wire-notes.md) and Dify's OpenAPI description names, each in its full
// shape with what must never reach a form link's browser marked SECRET: exactly these keys survive.

const OWN = "OwnTokenOwnTokenOwn012";
const OTHER = "OtherTokenOtherToken34";
const SECRET = "SECRET";

const wf = { task_id: "task", workflow_run_id: "run" };
const chat = { ...wf, conversation_id: "conv", message_id: "msg", created_at: 1 };
const ENVELOPE = ["event", "task_id", "workflow_run_id"];
const CHAT_ENVELOPE = [...ENVELOPE, "conversation_id", "created_at", "message_id"];

const node = {
  id: "exec-1",
  node_id: "llm",
  node_type: "llm",
  title: "Draft",
  index: 2,
  predecessor_node_id: SECRET,
  inputs: { prompt: SECRET },
  inputs_truncated: false,
  created_at: 10,
  extras: { SECRET },
  iteration_id: null,
  loop_id: null,
};
const NODE_KEYS = ["id", "node_id", "node_type", "title", "index", "created_at"].map(
  (key) => `data.${key}`,
);
const formData = (token: string | null, nodeId = "review") => ({
  form_id: `form-${nodeId}`,
  node_id: nodeId,
  node_title: "Review",
  form_content: SECRET,
  inputs: [{ type: "paragraph", output_variable_name: SECRET, default: null }],
  actions: [{ id: "ok", title: SECRET, button_style: "primary" }],
  resolved_default_values: { draft: SECRET },
  expiration_time: 99,
  display_in_ui: true,
  form_token: token,
  approval_channels: ["email"],
});
const FORM_KEYS = ["form_id", "node_id", "node_title", "form_token", "approval_channels"];

const filled = (nodeId: string, rendered: string) => ({
  event: "human_input_form_filled",
  ...wf,
  data: {
    form_id: `form-${nodeId}`,
    node_id: nodeId,
    node_title: "Review",
    rendered_content: rendered,
    action_id: "approve",
    action_text: "Approve",
    submitted_data: { draft: SECRET },
  },
});
const FILLED_KEYS = [
  ...ENVELOPE,
  ...["form_id", "node_id", "node_title", "action_id", "action_text"].map((key) => `data.${key}`),
];

const FINISHED_KEYS = [
  ...CHAT_ENVELOPE,
  ...["id", "workflow_id", "status", "error", "elapsed_time", "finished_at"].map(
    (k) => `data.${k}`,
  ),
];

type Row = {
  kind: string;
  event: Record<string, unknown>;
  /** The keys that survive with outputs shown; null: the event is dropped. */
  shown: string[] | null;
  /** With outputs hidden, when that differs. */
  hidden?: string[] | null;
};

const ANSWER_DROPPED = { hidden: null };
// Kinds the run view does not read: dropped, whatever they carry.
const IGNORED = [
  "node_retry",
  "iteration_started",
  "iteration_next",
  "iteration_completed",
  "loop_started",
  "loop_next",
  "loop_completed",
  "agent_log",
  "agent_message",
  "agent_thought",
  "reasoning_chunk",
  "tts_message",
  "tts_message_end",
  "message_file",
  "text_replace",
  "ping",
  "workflow_resumed_someday",
];

const ROWS: Row[] = [
  {
    kind: "workflow_started",
    event: {
      event: "workflow_started",
      ...wf,
      data: {
        id: "run",
        workflow_id: "wf",
        inputs: { topic: SECRET },
        created_at: 1,
        reason: "initial",
      },
    },
    shown: [...ENVELOPE, "data.id", "data.workflow_id", "data.created_at", "data.reason"],
  },
  {
    kind: "node_started",
    event: { event: "node_started", ...wf, data: node },
    shown: [...ENVELOPE, ...NODE_KEYS],
  },
  {
    kind: "node_finished",
    event: {
      event: "node_finished",
      ...wf,
      data: {
        ...node,
        status: "succeeded",
        process_data: { prompts: [SECRET] },
        process_data_truncated: false,
        outputs: { text: "the answer", usage: SECRET },
        outputs_truncated: false,
        files: [SECRET],
        error: null,
        elapsed_time: 1.5,
        execution_metadata: { total_tokens: 3, prompt: SECRET },
        finished_at: 12,
      },
    },
    // Its outputs' text only after its chunks were streamed (the next row).
    shown: [
      ...ENVELOPE,
      ...NODE_KEYS,
      "data.status",
      "data.error",
      "data.elapsed_time",
      "data.finished_at",
    ],
  },
  {
    kind: "text_chunk",
    event: {
      event: "text_chunk",
      ...wf,
      data: { text: "the answer", from_variable_selector: ["llm", "text"], extra: SECRET },
    },
    shown: [...ENVELOPE, "data.text", "data.from_variable_selector"],
    ...ANSWER_DROPPED,
  },
  {
    kind: "message",
    event: { event: "message", id: "msg", ...chat, answer: "the answer", metadata: SECRET },
    shown: [...CHAT_ENVELOPE, "id", "answer"],
    ...ANSWER_DROPPED,
  },
  {
    kind: "message_replace",
    event: { event: "message_replace", ...chat, answer: "the answer", reason: SECRET },
    shown: [...CHAT_ENVELOPE, "answer"],
    ...ANSWER_DROPPED,
  },
  {
    kind: "message_end",
    event: {
      event: "message_end",
      id: "msg",
      ...chat,
      metadata: { usage: { total_tokens: 1 }, retriever_resources: [{ content: SECRET }] },
      files: [SECRET],
    },
    shown: [...CHAT_ENVELOPE, "id"],
  },
  {
    kind: "human_input_required (another form)",
    event: { event: "human_input_required", ...wf, data: formData(OTHER) },
    shown: [...ENVELOPE, ...FORM_KEYS.map((key) => `data.${key}`)],
  },
  {
    kind: "human_input_required (the link's own form)",
    event: { event: "human_input_required", ...wf, data: formData(OWN, "mine") },
    shown: [...ENVELOPE, ...FORM_KEYS.map((key) => `data.${key}`)],
  },
  {
    kind: "workflow_paused",
    event: {
      event: "workflow_paused",
      ...wf,
      data: {
        workflow_run_id: "run",
        paused_nodes: ["review"],
        outputs: { draft: SECRET },
        reasons: [
          { TYPE: "human_input_required", ...formData(OTHER) },
          { type: "human_input_required", form_id: "f2", node_id: "n2" },
        ],
        status: "paused",
        created_at: 1,
        elapsed_time: 2,
        total_tokens: 3,
        total_steps: 4,
      },
    },
    shown: [
      ...ENVELOPE,
      "data.workflow_run_id",
      "data.status",
      "data.created_at",
      "data.elapsed_time",
      "data.paused_nodes",
      "data.reasons[].TYPE",
      ...FORM_KEYS.map((key) => `data.reasons[].${key}`),
      "data.reasons[].type",
      "data.reasons[].form_id",
      "data.reasons[].node_id",
    ],
  },
  {
    kind: "workflow_paused (graphon 0.6.0 and later)",
    event: {
      event: "workflow_paused",
      ...wf,
      data: {
        workflow_run_id: "run",
        reasons: [
          {
            type: "hitl_required",
            session_id: "f1",
            node_id: "review",
            node_title: "Review",
            form_token: OTHER,
            approval_channels: ["web_app"],
            expiration_time: 99,
            form_version: "2",
            extra: SECRET,
          },
        ],
        status: "paused",
      },
    },
    shown: [
      ...ENVELOPE,
      "data.workflow_run_id",
      "data.status",
      ...[
        "type",
        "session_id",
        "node_id",
        "node_title",
        "form_token",
        "approval_channels",
        "form_version",
      ].map((key) => `data.reasons[].${key}`),
    ],
  },
  {
    kind: "human_input_form_filled (another form)",
    event: filled("review", SECRET),
    shown: FILLED_KEYS,
  },
  {
    kind: "human_input_form_filled (the link's own form)",
    event: filled("mine", "what I wrote"),
    shown: [...FILLED_KEYS, "data.rendered_content"],
  },
  {
    kind: "human_input_form_timeout",
    event: {
      event: "human_input_form_timeout",
      ...wf,
      data: { form_id: "f", node_id: "n", node_title: "N", expiration_time: 5, extra: SECRET },
    },
    shown: [...ENVELOPE, "data.form_id", "data.node_id", "data.node_title", "data.expiration_time"],
  },
  {
    kind: "workflow_finished",
    event: {
      event: "workflow_finished",
      ...chat,
      data: {
        id: "run",
        workflow_id: "wf",
        status: "succeeded",
        outputs: { answer: "the answer" },
        error: null,
        elapsed_time: 3,
        total_tokens: 4,
        total_steps: 5,
        created_at: 1,
        finished_at: 4,
        exceptions_count: 0,
        files: [SECRET],
        created_by: { id: SECRET, user: SECRET },
      },
    },
    shown: [...FINISHED_KEYS, "data.outputs"],
    hidden: FINISHED_KEYS,
  },
  {
    kind: "error",
    event: {
      event: "error",
      ...wf,
      status: 500,
      code: "internal",
      message: "Failed",
      params: SECRET,
    },
    shown: [...ENVELOPE, "status", "code", "message"],
  },
  ...IGNORED.map((kind) => ({
    kind,
    event: { event: kind, ...wf, data: { inputs: SECRET, outputs: SECRET, text: SECRET } },
    shown: null,
  })),
];

/** Every key path of a value: `data.reasons[].node_id`; objects under `outputs` are leaves. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== "object" || item === null)) return [prefix];
    return value.flatMap((item) => keyPaths(item, `${prefix}[]`));
  }
  if (value === null || typeof value !== "object" || prefix.endsWith("outputs")) return [prefix];
  return Object.entries(value).flatMap(([key, item]) =>
    keyPaths(item, prefix ? `${prefix}.${key}` : key),
  );
}
const sorted = (paths: string[]) => [...new Set(paths)].sort();

/** The upstream's events relayed as the form route relays them, read as the browser reads them. */
async function relay(events: unknown[], outputs: boolean): Promise<Record<string, unknown>[]> {
  const text = "event: ping\n\n" + events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
  const body = relayEventStream(Readable.from([Buffer.from(text)]), () => undefined, {
    transform: chainEventTransforms(
      runStreamAllowlist({ ownToken: OWN, outputs }),
      formTokenRedaction(OWN),
    ),
  });
  const out: Record<string, unknown>[] = [];
  for await (const event of readSseJson(body)) out.push(event as Record<string, unknown>);
  return out;
}

/** The events a row's event follows on the same connection (what lets its guards decide). */
const CONTEXT = [
  { event: "human_input_required", ...wf, data: formData(OWN, "mine") },
  { event: "text_chunk", ...wf, data: { text: "x", from_variable_selector: ["streamed"] } },
];

describe("the run stream's allowlist", () => {
  it("covers every event kind of Dify's OpenAPI description", () => {
    const spec = JSON.parse(
      readFileSync(new URL("../../dify/openapi/openapi_service.json", import.meta.url), "utf8"),
    ) as unknown;
    const kinds = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (!value || typeof value !== "object") return;
      const record = value as Record<string, unknown>;
      const discriminator = record.discriminator as
        { propertyName?: string; mapping?: Record<string, string> } | undefined;
      if (discriminator?.propertyName === "event" && discriminator.mapping) {
        for (const kind of Object.keys(discriminator.mapping)) kinds.add(kind);
      }
      Object.values(record).forEach(walk);
    };
    walk(spec);
    expect(kinds.size).toBeGreaterThan(20);
    const covered = new Set(ROWS.map((row) => row.event.event as string));
    expect([...kinds].filter((kind) => !covered.has(kind))).toEqual([]);
  });

  for (const outputs of [true, false]) {
    it.each(ROWS)(
      `${outputs ? "outputs shown" : "outputs hidden"}: $kind keeps exactly its allowed keys`,
      async ({ event, shown, hidden }) => {
        const expected = outputs || hidden === undefined ? shown : hidden;
        const relayed = await relay([...CONTEXT, event], outputs);
        const rest = relayed.slice(outputs ? CONTEXT.length : CONTEXT.length - 1);
        if (expected === null) return expect(rest).toEqual([]);
        expect(rest).toHaveLength(1);
        expect(sorted(keyPaths(rest[0]))).toEqual(sorted(expected));
        expect(JSON.stringify(rest[0])).not.toContain(SECRET);
        expect(JSON.stringify(rest[0])).not.toContain(OTHER);
      },
    );
  }

  it("keeps a node's output text only for the node that streamed it, and only with outputs", async () => {
    const finished = (nodeId: string) => ({
      event: "node_finished",
      ...wf,
      data: { ...node, node_id: nodeId, status: "succeeded", outputs: { text: "full", n: SECRET } },
    });
    const [, streamed, silent] = await relay(
      [CONTEXT[1], finished("streamed"), finished("silent")],
      true,
    );
    expect((streamed!.data as Record<string, unknown>).outputs).toEqual({ text: "full" });
    expect(silent!.data).not.toHaveProperty("outputs");
    const hidden = await relay([CONTEXT[1], finished("streamed")], false);
    expect(hidden).toHaveLength(1);
    expect(hidden[0]!.data).not.toHaveProperty("outputs");
  });

  it("shows a filled form's answer for the link's own form only, matched as the run view matches it", async () => {
    const filled = (data: Record<string, unknown>) => ({
      event: "human_input_form_filled",
      ...wf,
      data: { node_title: "R", rendered_content: "answer", action_id: "ok", ...data },
    });
    const events = await relay(
      [
        // Newest servers: no form_id on filled; the form last required at the node decides.
        { event: "human_input_required", ...wf, data: formData(OWN, "loop") },
        filled({ node_id: "loop" }),
        { event: "human_input_required", ...wf, data: formData(OTHER, "loop") },
        filled({ node_id: "loop" }),
        // A pause reason of an older server names the token too.
        {
          event: "workflow_paused",
          ...wf,
          data: {
            reasons: [
              { TYPE: "human_input_required", form_id: "p", node_id: "p", form_token: OWN },
            ],
          },
        },
        filled({ form_id: "p", node_id: "p" }),
        // graphon 0.6.0 and later: the form id is the reason's session_id.
        {
          event: "workflow_paused",
          ...wf,
          data: {
            reasons: [{ type: "hitl_required", session_id: "s", node_id: "s", form_token: OWN }],
          },
        },
        filled({ form_id: "s", node_id: "s" }),
        // Never seen as the link's own: nothing to show.
        filled({ form_id: "unknown", node_id: "mine" }),
        filled({ node_id: "never-required" }),
      ],
      true,
    );
    const rendered = events
      .filter((e) => e.event === "human_input_form_filled")
      .map((e) => (e.data as Record<string, unknown>).rendered_content ?? null);
    expect(rendered).toEqual(["answer", null, "answer", "answer", null, null]);
  });

  it("keeps an allowed key only with a plain value: nothing nested rides along under its name", async () => {
    const [started] = await relay(
      [
        {
          event: "node_started",
          ...wf,
          data: { ...node, title: { prompt: SECRET }, node_type: [SECRET], index: "2" },
        },
      ],
      true,
    );
    expect(started!.data).toEqual({
      id: "exec-1",
      node_id: "llm",
      index: "2",
      created_at: 10,
    });
    const [required] = await relay(
      [
        {
          event: "human_input_required",
          ...wf,
          data: { ...formData(OWN), approval_channels: ["email", { to: SECRET }] },
        },
      ],
      true,
    );
    expect(required!.data).not.toHaveProperty("approval_channels");
  });

  it("drops data that is not JSON, and the upstream's keep-alives (the relay sends its own)", async () => {
    const body = relayEventStream(
      Readable.from([
        Buffer.from(": keep-alive\n\nevent: ping\n\n"),
        Buffer.from("data: not json\n\n"),
        Buffer.from(`data: ${JSON.stringify({ event: "workflow_started", ...wf, data: {} })}\n\n`),
      ]),
      () => undefined,
      { transform: runStreamAllowlist({ ownToken: OWN, outputs: true }) },
    );
    expect(await new Response(body).text()).toBe(
      `data: ${JSON.stringify({ event: "workflow_started", ...wf, data: {} })}\n\n`,
    );
  });

  it("still gives the run view what it shows: steps, answer, forms, outcome", async () => {
    const events = await relay(
      [
        ...ROWS.filter((row) => row.shown !== null).map((row) => row.event),
        // The own form opens again after the filled rows, so it is what waits.
        { event: "human_input_required", ...wf, data: formData(OWN, "mine") },
      ],
      true,
    );
    const state = events.map(parseStreamEvent).reduce(runViewReducer, initialRunView);
    expect(state.nodes.map((n) => [n.title, n.status])).toEqual([["Draft", "succeeded"]]);
    expect(state.text.map((t) => t.text)).toEqual(["the answer", "the answer"]);
    expect(state.filled.map((f) => f.renderedContent)).toEqual([null, "what I wrote"]);
    expect(state.outcome).toMatchObject({ status: "succeeded", outputs: { answer: "the answer" } });
    expect(state.streamError).toMatchObject({ code: "internal", message: "Failed" });
  });
});
