import { describe, expect, it } from "vitest";
import { readStreamEvents } from "@/lib/dify/sse-events";
import { runViewReducer } from "@/lib/run/run-view";
import { initialRunView, type RunViewState } from "@/lib/run/run-view-state";

const env = { task_id: "t", workflow_run_id: "r" };
const started = (id: string, nodeId: string, title: string) => ({
  event: "node_started",
  ...env,
  data: { id, node_id: nodeId, title, node_type: "llm" },
});
const finished = (
  id: string,
  nodeId: string,
  title: string,
  outputs: Record<string, unknown> = {},
) => ({
  event: "node_finished",
  ...env,
  data: { id, node_id: nodeId, title, status: "succeeded", elapsed_time: 0.25, outputs },
});

/** Frames events as a real server does, then splits the bytes at awkward places. */
function framed(events: unknown[], splitEvery = 7): ReadableStream<Uint8Array> {
  const text =
    "event: ping\n\n" +
    events
      .map((event) => `id: x\r\ndata: ${JSON.stringify(event)}\r\n\r\n`)
      .join("event: ping\n\n");
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += splitEvery)
        controller.enqueue(bytes.slice(i, i + splitEvery));
      controller.close();
    },
  });
}

async function fold(events: unknown[], state: RunViewState = initialRunView) {
  for await (const event of readStreamEvents(framed(events))) state = runViewReducer(state, event);
  return state;
}

const resumedRun = [
  { event: "workflow_started", ...env, data: { id: "r", reason: "resumption" } },
  {
    event: "human_input_form_filled",
    ...env,
    data: {
      node_id: "review",
      node_title: "Editorial review",
      action_id: "approve",
      action_text: "Approve and publish",
      rendered_content: "Draft: hi",
    },
  },
  started("e1", "publish", "Publish"),
  {
    event: "text_chunk",
    ...env,
    data: { text: "Pub", from_variable_selector: ["publish", "text"] },
  },
  { event: "iteration_started", ...env, data: {} },
  {
    event: "text_chunk",
    ...env,
    data: { text: "lished", from_variable_selector: ["publish", "text"] },
  },
  finished("e1", "publish", "Publish", { text: "Published" }),
  {
    event: "workflow_finished",
    ...env,
    data: { id: "r", status: "succeeded", outputs: { result: "Published: hi" }, elapsed_time: 2 },
  },
];

describe("runViewReducer", () => {
  it("folds a resumed run to its outcome, skipping pings and unknown events", async () => {
    const state = await fold(resumedRun);
    expect(state.phase).toBe("finished");
    expect(state.filled).toEqual([
      {
        key: "review",
        nodeId: "review",
        nodeTitle: "Editorial review",
        actionId: "approve",
        actionText: "Approve and publish",
        renderedContent: "Draft: hi",
      },
    ]);
    expect(state.nodes).toEqual([
      {
        executionId: "e1",
        nodeId: "publish",
        title: "Publish",
        status: "succeeded",
        elapsed: 0.25,
        error: null,
      },
    ]);
    expect(state.text).toEqual([{ nodeId: "publish", text: "Published" }]);
    expect(state.outcome).toEqual({
      status: "succeeded",
      outputs: { result: "Published: hi" },
      error: null,
    });
  });

  it("does not duplicate nodes, filled forms or text when a reconnect replays the snapshot", async () => {
    const first = await fold(resumedRun.slice(0, 4)); // cut after the first chunk
    expect(first.nodes[0]?.status).toBe("running");
    const replay = [
      { event: "workflow_started", ...env, data: { id: "r", reason: "resumption" } },
      started("e1", "publish", "Publish"),
      ...resumedRun.slice(5),
    ];
    const state = await fold(replay, first);
    expect(state.nodes).toHaveLength(1);
    expect(state.filled).toHaveLength(1);
    // The missed chunk is made good by the node's full output.
    expect(state.text).toEqual([{ nodeId: "publish", text: "Published" }]);
  });

  it("keeps a finished node finished when its start is replayed", () => {
    let state = runViewReducer(initialRunView, finished("e1", "a", "A") as never);
    state = runViewReducer(state, started("e1", "a", "A") as never);
    expect(state.nodes[0]?.status).toBe("succeeded");
  });

  it("records a pause at the next form and clears it once that form is filled", async () => {
    const paused = await fold([
      {
        event: "human_input_required",
        ...env,
        data: {
          node_id: "final",
          node_title: "Final check",
          form_token: "NEXT",
          inputs: [],
          actions: [],
        },
      },
      { event: "workflow_paused", ...env, data: {} },
    ]);
    expect(paused.phase).toBe("paused");
    expect(paused.waiting).toEqual([
      {
        formId: null,
        nodeId: "final",
        nodeTitle: "Final check",
        formToken: "NEXT",
        channels: [],
        v2: false,
        answered: false,
      },
    ]);
    const filled = await fold(
      [{ event: "human_input_form_filled", ...env, data: { node_id: "final", action_id: "ship" } }],
      paused,
    );
    expect(filled.waiting).toEqual([]);
    expect(filled.phase).toBe("running");
  });

  it("tells a Human Input v2 form by form_version, in its event or its pause reason", async () => {
    const v2 = (data: Record<string, unknown>) => ({ ...data, form_version: "2" });
    const fromEvent = await fold([
      {
        event: "human_input_required",
        ...env,
        data: v2({ form_id: "f", node_id: "n", form_token: "T", approval_channels: ["console"] }),
      },
      { event: "workflow_paused", ...env, data: {} },
    ]);
    expect(fromEvent.waiting.map((w) => [w.v2, w.channels])).toEqual([[true, ["console"]]]);
    const fromReason = await fold([
      {
        event: "workflow_paused",
        ...env,
        data: { reasons: [v2({ type: "hitl_required", session_id: "f", node_id: "n" })] },
      },
    ]);
    expect(fromReason.waiting.map((w) => w.v2)).toEqual([true]);
  });

  it("shows a form answered elsewhere (null token) and a timeout", async () => {
    const state = await fold([
      {
        event: "human_input_required",
        ...env,
        data: {
          node_id: "mail",
          node_title: "Manager approval",
          form_token: null,
          approval_channels: ["email"],
        },
      },
      { event: "workflow_paused", ...env, data: {} },
      {
        event: "human_input_form_timeout",
        ...env,
        data: { node_id: "mail", node_title: "Manager approval", expiration_time: 1 },
      },
    ]);
    expect(state.timeouts).toEqual([
      { key: "mail", nodeId: "mail", nodeTitle: "Manager approval" },
    ]);
    expect(state.waiting).toEqual([]);
  });

  it("turns an error event into a failed run", async () => {
    const state = await fold([
      { event: "error", ...env, status: 500, code: "internal_server_error", message: "boom" },
    ]);
    expect(state.phase).toBe("failed");
    expect(state.streamError).toEqual({ code: "internal_server_error", message: "boom" });
  });
});

describe("a snapshot's finished nodes carry no outputs nor error", () => {
  it("keeps a failed step's error and shows the run's error from workflow_finished", async () => {
    const failed = {
      event: "node_finished",
      ...env,
      data: {
        id: "e9",
        node_id: "code",
        title: "Code",
        status: "failed",
        error: "division by zero",
      },
    };
    const live = await fold([started("e9", "code", "Code"), failed]);
    const replayed = await fold(
      [
        started("e9", "code", "Code"),
        { ...failed, data: { ...failed.data, error: null, outputs: null, inputs: null } },
        {
          event: "workflow_finished",
          ...env,
          data: { id: "r", status: "failed", outputs: null, error: "Node Code failed" },
        },
      ],
      runViewReducer(live, connected),
    );
    expect(replayed.nodes.map((n) => [n.title, n.status, n.error])).toEqual([
      ["Code", "failed", "division by zero"],
    ]);
    expect(replayed.outcome).toMatchObject({ status: "failed", error: "Node Code failed" });
  });
});

describe("a reconnect to a run that ended meanwhile", () => {
  it("settles the nodes last seen running with the run's end state", async () => {
    const paused = await fold([
      started("e1", "review", "Editorial review"),
      { event: "workflow_paused", ...env, data: {} },
    ]);
    const done = await fold(
      [{ event: "workflow_finished", ...env, data: { status: "succeeded", outputs: {} } }],
      paused,
    );
    expect(done.nodes[0]?.status).toBe("succeeded");
    const failed = await fold(
      [{ event: "workflow_finished", ...env, data: { status: "failed", outputs: {}, error: "x" } }],
      paused,
    );
    expect(failed.nodes[0]?.status).toBe("failed");
  });
});

// ---------------------------------------------------------------- several forms, both replay modes

const required = (formId: string | null, nodeId: string, title: string, token: string | null) => ({
  event: "human_input_required",
  ...env,
  data: { form_id: formId, node_id: nodeId, node_title: title, form_token: token },
});
const paused = (reasons: Record<string, unknown>[] = []) => ({
  event: "workflow_paused",
  ...env,
  data: { reasons },
});
const filledEvent = (formId: string | null, nodeId: string) => ({
  event: "human_input_form_filled",
  ...env,
  data: { ...(formId ? { form_id: formId } : {}), node_id: nodeId, action_id: "approve" },
});
const resumed = { event: "workflow_started", ...env, data: { id: "r", reason: "resumption" } };
const chunk = (text: string, node = "draft") => ({
  event: "text_chunk",
  ...env,
  data: { text, from_variable_selector: [node, "text"] },
});
const chat = (answer: string) => ({ event: "message", ...env, answer });
const connected = { event: "connected" } as const;

describe("several open forms", () => {
  it("shows every form the run waits at, and closes each by form_id", async () => {
    const state = await fold([
      required("f-legal", "legal", "Legal review", null),
      required("f-brand", "brand", "Brand review", "MINE"),
      paused([
        { type: "human_input_required", form_id: "f-legal", node_id: "legal" },
        { type: "human_input_required", form_id: "f-brand", node_id: "brand" },
      ]),
    ]);
    expect(state.phase).toBe("paused");
    expect(state.waiting.map((w) => [w.nodeTitle, w.formToken])).toEqual([
      ["Legal review", null],
      ["Brand review", "MINE"],
    ]);
    const after = await fold([resumed, filledEvent("f-brand", "brand")], state);
    expect(after.waiting.map((w) => w.nodeTitle)).toEqual(["Legal review"]);
    expect(after.filled.map((f) => [f.key, f.nodeTitle])).toEqual([["f-brand", "Brand review"]]);
  });

  it("tells apart two pauses of one node by form_id, and falls back to node_id without one", async () => {
    const loop = await fold([
      required("f-1", "check", "Check", null),
      paused(),
      filledEvent("f-1", "check"),
      required("f-2", "check", "Check", null),
      paused(),
    ]);
    expect(loop.waiting.map((w) => w.formId)).toEqual(["f-2"]);
    const older = await fold([
      required(null, "check", "Check", null),
      paused(),
      filledEvent(null, "check"),
    ]);
    expect(older.waiting).toEqual([]);
    expect(older.filled.map((f) => f.key)).toEqual(["check"]);
  });

  it("in a loop, a filled event without form_id closes the form opened before it, never the new one", async () => {
    // Each pause of the loop at one node: a new form; the filled events carry only the node id.
    const first = await fold([required("f-1", "check", "Check", null), paused()]);
    const second = await fold(
      [resumed, filledEvent(null, "check"), required("f-2", "check", "Check", null), paused()],
      first,
    );
    expect(second.waiting.map((w) => w.formId)).toEqual(["f-2"]);
    expect(second.filled.map((f) => f.key)).toEqual(["f-1"]);
    const third = await fold([resumed, filledEvent(null, "check")], second);
    expect(third.waiting).toEqual([]);
    expect(third.filled.map((f) => f.key)).toEqual(["f-1", "f-2"]);
    // A streams replay of the whole log closes nothing twice and leaves a new open form open.
    const log = [
      required("f-1", "check", "Check", null),
      paused(),
      filledEvent(null, "check"),
      required("f-2", "check", "Check", null),
      paused(),
    ];
    const live = await fold(log);
    const replayed = await fold(log, runViewReducer(live, connected));
    expect(replayed.waiting.map((w) => w.formId)).toEqual(["f-2"]);
    expect(replayed.filled.map((f) => f.key)).toEqual(["f-1"]);
  });

  it("stays paused after one of two open forms is filled", async () => {
    const state = await fold([
      required("f-a", "a", "Legal review", "MINE"),
      required("f-b", "b", "Brand review", null),
      paused(),
      filledEvent("f-a", "a"),
    ]);
    expect(state.phase).toBe("paused");
    expect(state.waiting.map((w) => w.nodeTitle)).toEqual(["Brand review"]);
  });

  it("reads the open forms from workflow_paused.data.reasons[] when no human_input_required came", async () => {
    const state = await fold([
      paused([
        {
          TYPE: "human_input_required",
          form_id: "f-a",
          node_id: "a",
          node_title: "First",
          form_token: "TA",
        },
        {
          TYPE: "human_input_required",
          form_id: "f-b",
          node_id: "b",
          node_title: "Second",
          form_token: null,
        },
      ]),
    ]);
    expect(state.waiting.map((w) => [w.formId, w.nodeTitle, w.formToken])).toEqual([
      ["f-a", "First", "TA"],
      ["f-b", "Second", null],
    ]);
  });

  it("after parallel forms, a pause naming both answered forms reopens neither and the run finishes", async () => {
    const reasons = [
      { type: "human_input_required", form_id: "f-legal", node_id: "legal" },
      { type: "human_input_required", form_id: "f-brand", node_id: "brand" },
    ];
    const open = [
      started("x-legal", "legal", "Legal review"),
      required("f-legal", "legal", "Legal review", "MINE"),
      started("x-brand", "brand", "Brand review"),
      required("f-brand", "brand", "Brand review", null),
      paused(reasons),
    ];
    // The newest filled events carry only the node id.
    const answered = [
      resumed,
      filledEvent(null, "legal"),
      finished("x-legal", "legal", "Legal review"),
      paused([reasons[1]!]),
      resumed,
      filledEvent(null, "brand"),
      finished("x-brand", "brand", "Brand review"),
    ];
    const repause = await fold([...open, ...answered, paused(reasons)]);
    expect(repause.waiting).toEqual([]);
    expect(repause.phase).toBe("running");
    const done = await fold(
      [resumed, { event: "workflow_finished", ...env, data: { id: "r", status: "succeeded" } }],
      repause,
    );
    expect(done.phase).toBe("finished");
    // A snapshot taken during that pause (a reconnect): the forms come again, with their nodes
    // finished before them; neither reopens.
    const snapshot = [
      finished("x-legal", "legal", "Legal review"),
      finished("x-brand", "brand", "Brand review"),
      required("f-legal", "legal", "Legal review", "MINE"),
      required("f-brand", "brand", "Brand review", null),
      paused(reasons),
    ];
    const fresh = await fold(snapshot);
    expect(fresh.waiting).toEqual([]);
    expect(fresh.phase).toBe("running");
    const reconnected = await fold(snapshot, runViewReducer(repause, connected));
    expect(reconnected.waiting).toEqual([]);
    // A pause naming no form at all is still a run left paused.
    expect((await fold([...open, ...answered, paused()])).phase).toBe("paused");
  });

  it("reads graphon 0.6+ pause reasons (hitl_required, keyed by session_id) as open forms", async () => {
    const hitl = (session: string, node: string, token: string | null) => ({
      type: "hitl_required",
      session_id: session,
      node_id: node,
      node_title: node.toUpperCase(),
      form_token: token,
      approval_channels: token ? ["web_app"] : ["email"],
      expiration_time: 9,
    });
    const state = await fold([paused([hitl("f-a", "a", "TA"), hitl("f-b", "b", null)])]);
    expect(state.phase).toBe("paused");
    expect(state.waiting.map((w) => [w.formId, w.nodeTitle, w.formToken, w.channels])).toEqual([
      ["f-a", "A", "TA", ["web_app"]],
      ["f-b", "B", null, ["email"]],
    ]);
    // A filled event with the form id closes the form the reason named.
    const after = await fold([resumed, filledEvent("f-a", "a")], state);
    expect(after.waiting.map((w) => w.formId)).toEqual(["f-b"]);
    // The same form from a human_input_required and from the reason is one form.
    const both = await fold([required("f-a", "a", "A", "TA"), paused([hitl("f-a", "a", "TA")])]);
    expect(both.waiting).toHaveLength(1);
  });

  it("after parallel forms, a re-pause naming the last form answered shows it waiting, answered, until the follow-up resume (#42103)", async () => {
    const reason = (form: string, node: string) => ({
      type: "hitl_required",
      session_id: form,
      node_id: node,
    });
    const open = [
      required("f-legal", "legal", "Legal review", "MINE"),
      required("f-brand", "brand", "Brand review", null),
      paused([reason("f-legal", "legal"), reason("f-brand", "brand")]),
      resumed,
      filledEvent(null, "legal"),
      paused([reason("f-brand", "brand")]),
    ];
    const before = await fold(open);
    expect(before.waiting.map((w) => [w.nodeTitle, w.answered])).toEqual([["Brand review", false]]);
    // Brand is answered: the server resumes, closes nothing, and pauses naming it again.
    const repause = await fold([resumed, paused([reason("f-brand", "brand")])], before);
    expect(repause.phase).toBe("paused");
    expect(repause.waiting.map((w) => [w.nodeTitle, w.answered])).toEqual([["Brand review", true]]);
    // The follow-up resume fills it; the run goes on.
    const after = await fold([resumed, filledEvent(null, "brand")], repause);
    expect(after.waiting).toEqual([]);
    expect(after.filled.map((f) => f.nodeTitle)).toEqual(["Legal review", "Brand review"]);
    // A resume that closes a form before pausing again marks nothing.
    expect(before.waiting.some((w) => w.answered)).toBe(false);
  });

  it("keeps a form's title when the newest pause reasons carry only ids", async () => {
    const state = await fold([
      required("f-a", "a", "First", null),
      paused([{ type: "human_input_required", form_id: "f-a", node_id: "a" }]),
    ]);
    expect(state.waiting.map((w) => w.nodeTitle)).toEqual(["First"]);
  });
});

describe("a chatflow whose resumed stream lacks the answer", () => {
  it("shows the answer from workflow_finished.outputs, whole, over what was streamed", async () => {
    const end = (answer: string) => ({
      event: "workflow_finished",
      ...env,
      conversation_id: "c",
      data: { id: "r", status: "succeeded", outputs: { answer } },
    });
    const missing = await fold([resumed, end("Published.")]);
    expect(missing.text).toEqual([{ nodeId: "_answer", text: "Published." }]);
    // The messages before the pause arrived, those after it did not: the outputs hold it all.
    const partial = await fold([resumed, chat("Draft. "), end("Draft. Approved: Published.")]);
    expect(partial.text).toEqual([{ nodeId: "_answer", text: "Draft. Approved: Published." }]);
    const workflow = await fold([
      resumed,
      {
        event: "workflow_finished",
        ...env,
        data: { id: "r", status: "succeeded", outputs: { answer: "x" } },
      },
    ]);
    expect(workflow.text).toEqual([]);
  });
});

describe("replays after a reconnect", () => {
  it("pubsub: a chat answer replaced by message_replace, then live chunks appended once", async () => {
    const before = await fold([chat("Hi "), chat("there")]);
    const after = await fold(
      [{ event: "message_replace", ...env, answer: "Hi there, friend" }, chat(". Bye")],
      runViewReducer(before, connected),
    );
    expect(after.text).toEqual([{ nodeId: "_answer", text: "Hi there, friend. Bye" }]);
  });

  it("pubsub: live chunks after a snapshot without chunks are appended", async () => {
    const before = await fold([chunk("One "), chunk("two ")]);
    const after = await fold([chunk("three")], runViewReducer(before, connected));
    expect(after.text).toEqual([{ nodeId: "draft", text: "One two three" }]);
  });

  it("streams: the whole log again shows each chat chunk once, and what follows is appended", async () => {
    const log = [chat("Hi "), chat("there, "), chat("friend")];
    const before = await fold(log.slice(0, 2));
    const after = await fold([...log, chat(". Bye")], runViewReducer(before, connected));
    expect(after.text).toEqual([{ nodeId: "_answer", text: "Hi there, friend. Bye" }]);
    // A second reconnect replays it all once more.
    const again = await fold([...log, chat(". Bye")], runViewReducer(after, connected));
    expect(again.text).toEqual([{ nodeId: "_answer", text: "Hi there, friend. Bye" }]);
  });

  it("streams: an old pause in the log is passed, and the current one is found", async () => {
    const log = [
      { event: "workflow_started", ...env, data: { id: "r", reason: "initial" } },
      started("e1", "draft", "Draft"),
      chunk("Draft "),
      chunk("text"),
      finished("e1", "draft", "Draft", { text: "Draft text" }),
      started("e2", "review", "Editorial review"),
      required("f-1", "review", "Editorial review", "FIRST"),
      paused([{ type: "human_input_required", form_id: "f-1", node_id: "review" }]),
      resumed,
      filledEvent("f-1", "review"),
      finished("e2", "review", "Editorial review"),
      started("e3", "final", "Final check"),
      required("f-2", "final", "Final check", null),
      paused([{ type: "human_input_required", form_id: "f-2", node_id: "final" }]),
    ];
    const first = await fold(log.slice(0, 10));
    const replayed = await fold(log, runViewReducer(first, connected));
    expect(replayed.phase).toBe("paused");
    expect(replayed.waiting.map((w) => w.formId)).toEqual(["f-2"]);
    expect(replayed.nodes.map((n) => n.executionId)).toEqual(["e1", "e2", "e3"]);
    expect(replayed.filled).toHaveLength(1);
    expect(replayed.text).toEqual([{ nodeId: "draft", text: "Draft text" }]);
  });
});
