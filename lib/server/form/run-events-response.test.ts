import { Readable } from "node:stream";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/server/env-schema";
import { ApiError } from "@/lib/errors/api-error";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { runEventsResponse } from "@/lib/server/form/run-events-response";

// A reconnect to a link's run stream against a scripted upstream whose log has ids: it goes on
// after its cursor, or from the snapshot where the upstream refuses the cursor; either way nothing
// is shown twice and nothing the whole stream would have shown is lost.

vi.mock("@/lib/server/dify/get-dify-client", () => {
  const client = { streamWorkflowEvents: vi.fn() };
  return { getDifyClient: () => client };
});
const streamWorkflowEvents = vi.mocked(getDifyClient().streamWorkflowEvents);
vi.mock("@/lib/server/env", () => ({
  getEnv: () => ({ ...parseEnv(process.env), RUN_STREAM_OUTPUTS: "shown" }),
}));

const claims: FormLinkClaims = {
  token: "OwnToken",
  run: "run-1",
  user: "alice",
  exp: Math.floor(Date.now() / 1000) + 600,
  scope: "form",
  view: "full",
  auth: "link",
};
const env = { task_id: "t", workflow_run_id: "run-1" };
const form = { form_id: "f1", node_id: "approve", node_title: "Approve" };
const LOG: unknown[] = [
  { event: "workflow_started", ...env, data: { id: "run-1" } },
  { event: "human_input_required", ...env, data: { ...form, form_token: "OwnToken" } },
  { event: "workflow_paused", ...env, data: { workflow_run_id: "run-1", status: "paused" } },
  {
    event: "human_input_form_filled",
    ...env,
    data: { ...form, action_id: "ok", action_text: "OK", rendered_content: "I approve" },
  },
  { event: "node_started", ...env, data: { id: "e1", node_id: "llm", title: "LLM" } },
  {
    event: "text_chunk",
    ...env,
    data: { text: "Hello", from_variable_selector: ["llm", "text"] },
  },
  {
    event: "node_finished",
    ...env,
    data: { id: "e1", node_id: "llm", status: "succeeded", outputs: { text: "Hello" } },
  },
  { event: "workflow_finished", ...env, data: { id: "run-1", status: "succeeded" } },
];
/** The log as SSE with ids `1-0`, `2-0`...: from the event after `cursor`, or all of it. */
const sse = (cursor?: string) =>
  Readable.from(
    LOG.map((event, index) => `id: ${index + 1}-0\ndata: ${JSON.stringify(event)}\n\n`)
      .slice(cursor ? Number(cursor.split("-")[0]) : 0)
      .map((text) => Buffer.from(text)),
  );

/** Each event the browser gets, with its id. */
async function reconnect(lastEventId: string) {
  const request = new Request("http://app.test/api/forms/OwnToken/events", {
    headers: { "last-event-id": lastEventId },
  });
  const text = await (await runEventsResponse(request, claims)).text();
  return text
    .split("\n\n")
    .filter((block) => block.includes("data:"))
    .map((block) => ({
      id: /^id: (.*)$/m.exec(block)?.[1],
      json: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null") as {
        event: string;
        data?: Record<string, unknown>;
      },
    }));
}
const dataOf = (events: Awaited<ReturnType<typeof reconnect>>, kind: string) =>
  events.find((event) => event.json.event === kind)?.json.data;

describe("runEventsResponse on a reconnect", () => {
  beforeEach(() => {
    streamWorkflowEvents.mockReset();
    streamWorkflowEvents.mockImplementation((_run, options) =>
      Promise.resolve(sse(options.cursor)),
    );
  });

  it("goes on after the cursor and still shows the person's own answer", async () => {
    const events = await reconnect("3-0");
    expect(events.map((event) => event.id)).toEqual(["4-0", "5-0", "6-0", "7-0", "8-0"]);
    expect(dataOf(events, "human_input_form_filled")).toMatchObject({
      rendered_content: "I approve",
    });
    expect(streamWorkflowEvents.mock.calls[0]?.[1]).toMatchObject({ cursor: "3-0" });
  });

  it("shows a node's full text when its chunks came before the cursor", async () => {
    const events = await reconnect("6-0");
    expect(events.map((event) => event.id)).toEqual(["7-0", "8-0"]);
    expect(dataOf(events, "node_finished")).toMatchObject({ outputs: { text: "Hello" } });
  });

  it("falls back to the snapshot, once, when the upstream answers 400 to the cursor", async () => {
    streamWorkflowEvents.mockImplementation((_run, options) =>
      options.cursor
        ? Promise.reject(ApiError.of("invalid_request", "event cursor must be a Redis Stream ID"))
        : Promise.resolve(sse()),
    );
    const events = await reconnect("3-0");
    expect(events.map((event) => event.id)).toEqual(LOG.map((_, index) => `${index + 1}-0`));
    expect(dataOf(events, "human_input_form_filled")).toMatchObject({
      rendered_content: "I approve",
    });
    expect(dataOf(events, "node_finished")).toMatchObject({ outputs: { text: "Hello" } });
    expect(streamWorkflowEvents.mock.calls.map(([, options]) => options)).toEqual([
      expect.objectContaining({ cursor: "3-0" }),
      expect.objectContaining({ includeStateSnapshot: true, continueOnPause: true }),
    ]);
  });
});
