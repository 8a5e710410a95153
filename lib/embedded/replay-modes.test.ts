import { describe, expect, it } from "vitest";
import { readSse, withTestServer, type SseEvent } from "./test-client";

// How the events endpoint replays a run, in both of a real server's replay modes, with parallel
// forms and with reasons-only snapshots.

const env = withTestServer({ pingIntervalMs: 50, idleTimeoutMs: 400 });

const names = (events: SseEvent[]) => events.map((e) => e.event);
const data = (event: SseEvent | undefined) => (event?.data ?? {}) as Record<string, unknown>;

function events(runId: string, query: string) {
  return env.client.get(`/workflow/${runId}/events?user=alice&${query}`);
}

function submit(token: string, inputs: Record<string, unknown>, action: string) {
  return env.client.post(`/form/human_input/${token}`, { inputs, action, user: "alice" });
}

const REVIEW = {
  draft: "# Launch day",
  tone: "Friendly",
  cover: { type: "document", transfer_method: "remote_url", url: "https://example.com/a.pdf" },
  attachments: [],
};

describe("parallel Human Input branches", () => {
  it("open one form each, then pause once; a snapshot shows both", async () => {
    const run = await env.client.demoRun({ user: "alice", app: "workflow", demo: "parallel" });
    expect(run.form_tokens).toHaveLength(2);
    const replay = await readSse(await events(run.workflow_run_id, "include_state_snapshot=true"));
    const required = replay.filter((e) => e.event === "human_input_required");
    expect(required.map((e) => data(e).node_title)).toEqual(["Legal review", "Brand review"]);
    expect(required.map((e) => data(e).form_token)).toEqual(run.form_tokens);
    expect(names(replay).filter((n) => n === "workflow_paused")).toHaveLength(1);
    expect(data(replay.at(-1)).paused_nodes).toEqual(["legal_review", "brand_review"]);
  });

  it("answering one pauses again at the other; filled events carry form_id", async () => {
    const run = await env.client.demoRun({ user: "alice", app: "workflow", demo: "parallel" });
    const [legal, brand] = run.form_tokens as [string, string];
    const live = readSse(
      await events(run.workflow_run_id, "continue_on_pause=true"),
      (e) => e.event === "workflow_finished",
    );
    expect((await submit(brand, { comment: "fine" }, "approve")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await readSse(await events(run.workflow_run_id, "include_state_snapshot=true"));
    expect(
      again.filter((e) => e.event === "human_input_required").map((e) => data(e).form_token),
    ).toEqual([legal]);
    expect((await submit(legal, { comment: "" }, "reject")).status).toBe(200);
    const seen = await live;
    const filled = seen.filter((e) => e.event === "human_input_form_filled");
    expect(filled.map((e) => data(e).node_id)).toEqual(["brand_review", "legal_review"]);
    for (const event of filled) expect(data(event).form_id).toEqual(expect.any(String));
    expect(data(seen.at(-1)).outputs).toEqual({ legal: "reject", brand: "approve" });
  });
});

describe("a pause after parallel forms (parallel_repause)", () => {
  it("names the last form answered once more, then a follow-up resume fills it and finishes", async () => {
    const run = await env.client.demoRun({
      user: "alice",
      app: "workflow",
      demo: "parallel_repause",
      repause_ms: 200,
    });
    const [legal, brand] = run.form_tokens as [string, string];
    const live = readSse(
      await events(run.workflow_run_id, "continue_on_pause=true"),
      (e) => e.event === "workflow_finished",
    );
    expect((await submit(legal, { comment: "ok" }, "approve")).status).toBe(200);
    expect((await submit(brand, { comment: "ok" }, "approve")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // During that pause a snapshot names the answered brand form only.
    const snapshot = await readSse(
      await events(run.workflow_run_id, "include_state_snapshot=true"),
    );
    const reasons = data(snapshot.at(-1)).reasons as Record<string, unknown>[];
    expect(reasons.map((r) => r.node_id)).toEqual(["brand_review"]);
    const seen = await live;
    const tail = seen.slice(seen.findIndex((e) => data(e).node_id === "legal_review"));
    // After legal's filled event: resumed, paused at brand, resumed, brand filled, … finished.
    const names = tail.map((e) => e.event);
    const afterLegal = names.slice(names.indexOf("workflow_paused"));
    expect(afterLegal.slice(0, 4)).toEqual([
      "workflow_paused",
      "workflow_started",
      "workflow_paused",
      "workflow_started",
    ]);
    expect(afterLegal[4]).toBe("human_input_form_filled");
    expect(names.at(-1)).toBe("workflow_finished");
  });
});

describe("pubsub replay mode", () => {
  it("replays a chatflow's answer so far as one message_replace, not as its chunks", async () => {
    const run = await env.client.demoRun({ user: "alice", app: "chatflow" });
    const replay = await readSse(
      await env.client.get(
        `/workflow/${run.workflow_run_id}/events?user=alice&include_state_snapshot=true`,
        { key: env.client.chatflowKey },
      ),
    );
    expect(names(replay)).not.toContain("message");
    const replace = replay.filter((e) => e.event === "message_replace");
    expect(replace).toHaveLength(1);
    expect(replace[0]?.answer).toMatch(/^Hi there, thanks for asking/);
  });

  it("a reasons-only snapshot carries each open form in workflow_paused.data.reasons[]", async () => {
    const run = await env.client.demoRun({
      user: "alice",
      app: "workflow",
      demo: "parallel",
      snapshot_style: "reasons",
      server_generation: "before-0.7",
    });
    const replay = await readSse(await events(run.workflow_run_id, "include_state_snapshot=true"));
    expect(names(replay)).not.toContain("human_input_required");
    const reasons = data(replay.at(-1)).reasons as Record<string, unknown>[];
    expect(reasons.map((r) => [r.TYPE, r.node_title, r.form_token])).toEqual([
      ["human_input_required", "Legal review", run.form_tokens[0]],
      ["human_input_required", "Brand review", run.form_tokens[1]],
    ]);
  });

  it("graphon 0.6+ writes each pause reason as hitl_required, keyed by session_id", async () => {
    const run = await env.client.demoRun({ user: "alice", app: "workflow", demo: "parallel" });
    const replay = await readSse(await events(run.workflow_run_id, "include_state_snapshot=true"));
    const formIds = replay
      .filter((e) => e.event === "human_input_required")
      .map((e) => data(e).form_id);
    const reasons = data(replay.at(-1)).reasons as Record<string, unknown>[];
    expect(reasons).toEqual([
      {
        type: "hitl_required",
        session_id: formIds[0],
        node_id: "legal_review",
        node_title: "Legal review",
        form_token: run.form_tokens[0],
        approval_channels: [],
        expiration_time: expect.any(Number) as number,
      },
      expect.objectContaining({ session_id: formIds[1], form_token: run.form_tokens[1] }),
    ]);
    const older = await env.client.demoRun({
      user: "alice",
      app: "workflow",
      server_generation: "before-0.7",
    });
    const olderReplay = await readSse(
      await events(older.workflow_run_id, "include_state_snapshot=true"),
    );
    expect(data(olderReplay.at(-1)).reasons).toEqual([
      {
        type: "human_input_required",
        form_id: expect.any(String) as string,
        node_id: "editorial_review",
      },
    ]);
  });

  it("with continue_on_pause and no snapshot the stream outlives the run until idle", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    const started = Date.now();
    const reading = readSse(await events(run.workflow_run_id, "continue_on_pause=true"));
    expect((await submit(run.form_token, REVIEW, "reject")).status).toBe(200);
    const seen = await reading;
    expect(seen.at(-1)?.event).toBe("workflow_finished");
    // The body ended only at the idle timeout (400 ms of silence after the last event).
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});

describe("streams replay mode", () => {
  it("replays the whole log from the start, stopping at the FIRST pause without continue_on_pause", async () => {
    const run = await env.client.demoRun({
      user: "alice",
      app: "workflow",
      replay_mode: "streams",
    });
    expect((await submit(run.form_token, REVIEW, "request_changes")).status).toBe(200);
    await expect
      .poll(
        async () =>
          (
            (await (await env.client.admin.request(`/runs/${run.workflow_run_id}`)).json()) as {
              open_form_tokens: string[];
            }
          ).open_form_tokens.length,
      )
      .toBe(1);
    const firstOnly = await readSse(
      await events(run.workflow_run_id, "include_state_snapshot=true"),
    );
    expect(firstOnly.at(-1)?.event).toBe("workflow_paused");
    expect(names(firstOnly).filter((n) => n === "workflow_paused")).toHaveLength(1);
    expect(data(firstOnly.find((e) => e.event === "human_input_required")).form_token).toBe(
      run.form_token,
    );
    // Chunks are replayed as they were sent.
    expect(names(firstOnly).filter((n) => n === "text_chunk").length).toBeGreaterThan(1);

    const whole = await readSse(
      await events(run.workflow_run_id, "include_state_snapshot=true&continue_on_pause=true"),
      (e) =>
        e.event === "workflow_paused" &&
        data(e).paused_nodes !== undefined &&
        (data(e).paused_nodes as string[])[0] === "final_check",
    );
    expect(names(whole).filter((n) => n === "workflow_paused")).toHaveLength(2);
    expect(names(whole).filter((n) => n === "human_input_required")).toHaveLength(2);
  });

  it("replays a chatflow's message chunks again, not a message_replace", async () => {
    const run = await env.client.demoRun({
      user: "alice",
      app: "chatflow",
      replay_mode: "streams",
    });
    const replay = await readSse(
      await env.client.get(
        `/workflow/${run.workflow_run_id}/events?user=alice&include_state_snapshot=true`,
        { key: env.client.chatflowKey },
      ),
    );
    expect(names(replay)).not.toContain("message_replace");
    expect(names(replay).filter((n) => n === "message").length).toBeGreaterThan(1);
  });
});

describe("what any mode answers", () => {
  it("a finished run: one workflow_finished, even in streams mode with a snapshot", async () => {
    const run = await env.client.demoRun({
      user: "alice",
      app: "workflow",
      replay_mode: "streams",
      step_delay_ms: 0,
    });
    expect((await submit(run.form_token, REVIEW, "reject")).status).toBe(200);
    await expect
      .poll(async () => names(await readSse(await events(run.workflow_run_id, ""))))
      .toEqual(["workflow_finished"]);
    const replay = await readSse(await events(run.workflow_run_id, "include_state_snapshot=true"));
    expect(names(replay)).toEqual(["workflow_finished"]);
  });

  it("a snapshot's paused node: node_finished with null inputs, outputs and process data", async () => {
    const run = await env.client.demoRun({ user: "alice", app: "workflow" });
    const replay = await readSse(await events(run.workflow_run_id, "include_state_snapshot=true"));
    const paused = replay.find((e) => e.event === "node_finished" && data(e).status === "paused");
    expect(data(paused)).toMatchObject({ inputs: null, outputs: null, process_data: null });
  });
});

describe("cursors (the newest generation's retained log)", () => {
  /** Each event of a body that ends by itself, with its `id:`. */
  async function withIds(response: Response) {
    const text = await response.text();
    return text
      .split("\n\n")
      .filter((frame) => frame.includes("data: "))
      .map((frame) => ({
        id: /^id: (.*)$/m.exec(frame)?.[1] ?? null,
        event: (JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? "{}") as SseEvent).event,
      }));
  }
  const streamsRun = (generation: "before-0.7" | "since-0.7") =>
    env.client.demoRun({
      user: "alice",
      app: "workflow",
      replay_mode: "streams",
      server_generation: generation,
    });

  it("gives each logged event an id, and resumes after Last-Event-ID or ?cursor=", async () => {
    const run = await streamsRun("since-0.7");
    const all = await withIds(await events(run.workflow_run_id, "include_state_snapshot=true"));
    expect(all.every((e) => /^\d+-\d+$/.test(e.id ?? ""))).toBe(true);
    const third = all[2]!;
    const rest = all.slice(3).map((e) => e.event);
    const byHeader = await env.client.get(`/workflow/${run.workflow_run_id}/events?user=alice`, {
      init: { headers: { "Last-Event-ID": third.id! } },
    });
    expect((await withIds(byHeader)).map((e) => e.event)).toEqual(rest);
    const byQuery = await events(run.workflow_run_id, `cursor=${third.id!}`);
    expect((await withIds(byQuery)).map((e) => e.event)).toEqual(rest);
  });

  it.each(["abc", "12-", "1-2-3", "99999999999999999999999-0", " - "])(
    "refuses the malformed cursor %j with 400",
    async (cursor) => {
      const run = await streamsRun("since-0.7");
      const response = await events(run.workflow_run_id, `cursor=${encodeURIComponent(cursor)}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: 400, code: "bad_request" });
    },
  );

  it("older servers neither send ids nor read a cursor", async () => {
    const run = await streamsRun("before-0.7");
    const all = await withIds(await events(run.workflow_run_id, "include_state_snapshot=true"));
    expect(all.every((e) => e.id === null)).toBe(true);
    const response = await events(run.workflow_run_id, "cursor=abc&include_state_snapshot=true");
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });
});
