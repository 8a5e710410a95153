import { describe, expect, it } from "vitest";
import { readStreamEvents } from "@/lib/sse-events";
import { initialRunView, runViewReducer, type RunViewState } from "@/lib/run-view";

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
        type: null,
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
      elapsed: 2,
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
    expect(paused.pause).toEqual({
      nodeId: "final",
      nodeTitle: "Final check",
      formToken: "NEXT",
      channels: [],
    });
    const filled = await fold(
      [{ event: "human_input_form_filled", ...env, data: { node_id: "final", action_id: "ship" } }],
      paused,
    );
    expect(filled.pause).toBeNull();
    expect(filled.phase).toBe("running");
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
    expect(state.timeouts).toEqual([{ nodeId: "mail", nodeTitle: "Manager approval" }]);
    expect(state.pause).toBeNull();
  });

  it("turns an error event into a failed run", async () => {
    const state = await fold([
      { event: "error", ...env, status: 500, code: "internal_server_error", message: "boom" },
    ]);
    expect(state.phase).toBe("failed");
    expect(state.streamError).toEqual({ code: "internal_server_error", message: "boom" });
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
