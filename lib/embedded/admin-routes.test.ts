import { describe, expect, it } from "vitest";
import { readSse, readSseToEnd, withTestServer } from "./test-client";
import type { SseEvent } from "./test-client";

const env = withTestServer({ pingIntervalMs: 50 });

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface RunView {
  id: string;
  app: string;
  user: string;
  status: string;
  current_form_token: string | null;
  events: SseEvent[];
}

async function inspect(runId: string): Promise<RunView> {
  const response = await env.client.admin.request(`/runs/${runId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as RunView;
}

describe("POST /_embedded/streams/drop", () => {
  it("cuts open streams mid-stream; the run goes on and a snapshot reconnect sees it all", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    const path = `/workflow/${run.workflow_run_id}/events?user=alice&continue_on_pause=true`;
    const first = await env.client.get(path);
    const second = await env.client.get(path);
    expect(await env.client.openStreams()).toBe(2);
    const readings = [readSseToEnd(first), readSseToEnd(second)];

    const dropped = await env.client.admin.request("/streams/drop", { body: {} });
    expect(dropped.status).toBe(200);
    expect(await dropped.json()).toEqual({ dropped: 2 });
    expect(await env.client.openStreams()).toBe(0);
    for (const reading of await Promise.all(readings)) {
      // Closed without a final event: the env.client sees an error, not a clean end.
      expect(reading.error).toBeInstanceOf(TypeError);
      expect(reading.events.map((e) => e.event)).not.toContain("workflow_finished");
    }

    const submit = await env.client.post(`/form/human_input/${run.form_token}`, {
      inputs: {
        draft: "# Dropped\n\nStill here.",
        tone: "Formal",
        cover: { type: "image", transfer_method: "remote_url", url: "https://e.com/c.png" },
        attachments: [],
      },
      action: "approve",
      user: "alice",
    });
    expect(submit.status).toBe(200);
    const replay = await readSse(
      await env.client.get(
        `/workflow/${run.workflow_run_id}/events?user=alice&include_state_snapshot=true&continue_on_pause=true`,
      ),
      (e) => e.event === "workflow_finished",
    );
    expect(replay.at(-1)).toMatchObject({
      event: "workflow_finished",
      data: { status: "succeeded", outputs: { result: "Published: Dropped" } },
    });
    expect(await (await env.client.admin.request("/streams/drop", { body: {} })).json()).toEqual({
      dropped: 0,
    });
  });

  it("the open count returns to 0 after clients disconnect", async () => {
    const run = await env.client.demoRun({ user: "bob" });
    const controller = new AbortController();
    await env.client.get(
      `/workflow/${run.workflow_run_id}/events?user=bob&continue_on_pause=true`,
      { key: env.client.workflowKey, init: { signal: controller.signal } },
    );
    expect(await env.client.openStreams()).toBe(1);
    controller.abort();
    let open = 1;
    for (let i = 0; i < 50 && open !== 0; i++) {
      await sleep(20);
      open = await env.client.openStreams();
    }
    expect(open).toBe(0);
  });
});

describe("GET /_embedded/runs/{run_id}", () => {
  it("returns the run with every event sent so far, in order and as sent", async () => {
    const response = await env.client.post("/workflows/run", {
      inputs: { topic: "Inspect me", audience: "Engineers" },
      response_mode: "streaming",
      user: "dana",
    });
    const streamed = await readSse(response);
    const runId = streamed[0]?.workflow_run_id as string;
    const view = await inspect(runId);
    expect(view).toMatchObject({ id: runId, app: "workflow", user: "dana", status: "paused" });
    expect(view.current_form_token).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(view.events).toEqual(streamed);

    await env.client.post(`/form/human_input/${view.current_form_token}`, {
      inputs: {
        draft: "",
        tone: "Formal",
        cover: { type: "image", transfer_method: "remote_url", url: "https://e.com/c.png" },
        attachments: [],
      },
      action: "reject",
      user: "dana",
    });
    const live = await readSse(
      await env.client.get(`/workflow/${runId}/events?user=dana&continue_on_pause=true`),
      (e) => e.event === "workflow_finished",
    );
    const done = await inspect(runId);
    expect(done.status).toBe("succeeded");
    expect(done.current_form_token).toBeNull();
    expect(done.events.at(-1)).toEqual(live.at(-1));
    expect(done.events.slice(0, streamed.length)).toEqual(streamed);
  });

  it("answers 404 not_found for an unknown run", async () => {
    const response = await env.client.admin.request("/runs/no-such-run");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      status: 404,
      code: "not_found",
      message: "Workflow run not found",
    });
  });
});

describe("GET /_embedded/runs?user=", () => {
  it("lists the runs one user started, and only theirs", async () => {
    const mine = await env.client.demoRun({ user: "erin" });
    await env.client.demoRun({ user: "frank", app: "chatflow" });
    const response = await env.client.admin.request(`/runs?user=${encodeURIComponent("erin")}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      runs: [{ id: mine.workflow_run_id, app: "workflow", status: "paused" }],
    });
    expect(await (await env.client.admin.request("/runs?user=nobody")).json()).toEqual({
      runs: [],
    });
  });

  it("answers 400 invalid_param without a user", async () => {
    const response = await env.client.admin.request("/runs");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_param" });
  });
});

describe("POST /_embedded/config appUnavailable", () => {
  it("switches off one app by kind and leaves the other answering", async () => {
    const set = await env.client.admin.request("/config", { body: { appUnavailable: "chatflow" } });
    expect(await set.json()).toMatchObject({ appUnavailable: "chatflow" });
    const chat = await env.client.get("/parameters", { key: env.client.chatflowKey });
    expect(chat.status).toBe(400);
    expect(await chat.json()).toMatchObject({ code: "app_unavailable" });
    expect((await env.client.get("/parameters")).status).toBe(200);

    await env.client.admin.request("/config", { body: { appUnavailable: false } });
    expect((await env.client.get("/parameters", { key: env.client.chatflowKey })).status).toBe(200);
  });
});

const seqOf = (event: SseEvent): number => (event.data as { seq: number }).seq;

describe("POST /_embedded/runs/{run_id}/text-chunks", () => {
  it("streams N stamped text_chunk events, in order, to a stream already open on the run", async () => {
    const run = await env.client.demoRun({ user: "erin" });
    const stream = await env.client.get(
      `/workflow/${run.workflow_run_id}/events?user=erin&continue_on_pause=true`,
    );
    const reading = readSse(stream, (e) => e.event === "text_chunk" && seqOf(e) === 4);
    const response = await env.client.admin.request(`/runs/${run.workflow_run_id}/text-chunks`, {
      body: { count: 5, interval_ms: 1 },
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ run_id: run.workflow_run_id, count: 5 });

    const chunks = (await reading).filter((e) => e.event === "text_chunk");
    expect(chunks.map(seqOf)).toEqual([0, 1, 2, 3, 4]);
    const sent = chunks.map((e) => (e.data as { sent_at_ms: number }).sent_at_ms);
    expect(sent.every((ms) => Math.abs(ms - Date.now()) < 60_000)).toBe(true);
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
    // The text carries the stamp too: a form link's relay keeps a chunk's text only.
    expect(chunks.map((e) => (e.data as { text: string }).text)).toEqual(
      sent.map((ms, seq) => `chunk ${seq} at ${ms} `),
    );
  });

  it("refuses an unknown run and a bad count", async () => {
    const unknown = await env.client.admin.request("/runs/no-such-run/text-chunks", {
      body: { count: 1 },
    });
    expect(unknown.status).toBe(404);
    const run = await env.client.demoRun({ user: "frank" });
    const bad = await env.client.admin.request(`/runs/${run.workflow_run_id}/text-chunks`, {
      body: { count: 0 },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_param" });
  });
});
