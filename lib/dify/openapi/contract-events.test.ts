import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startEmbeddedServer,
  type EmbeddedServer,
  type EmbeddedServerOptions,
} from "@/lib/embedded/server";
import {
  createTestClient,
  readSse,
  type SseEvent,
  type TestClient,
} from "@/lib/embedded/test-client";
import {
  eventSchema,
  expectMatchesSpec,
  type MatchOptions,
} from "@/lib/tools/test/expect-matches-spec";

// Contract: every stream event the embedded service emits validates against the event's schema in
// Dify's published description (`components.schemas`, found through the discriminator of
// ChunkWorkflowEvent for workflow apps and of ChunkChatEvent for chatflow apps).
//
// Two tables. SERVER_MODES: how the embedded service is started (more replay modes go here; each
// runs every scenario). STREAM_SCENARIOS: how a stream is opened and read.

type App = "workflow" | "chatflow";

interface ServerMode {
  name: string;
  options: EmbeddedServerOptions;
}

export const SERVER_MODES: ServerMode[] = [
  { name: "pubsub", options: { replayMode: "pubsub" } },
  { name: "streams", options: { replayMode: "streams" } },
  { name: "pubsub, reasons-only snapshots", options: { snapshotStyle: "reasons" } },
];

interface Scenario {
  name: string;
  app: App;
  /** Opens the stream and returns every event read from it. */
  collect: (client: TestClient, server: EmbeddedServer) => Promise<SseEvent[]>;
}

const until =
  (...names: string[]) =>
  (event: SseEvent) =>
    names.includes(event.event);

async function startStreaming(client: TestClient, app: App, user: string): Promise<SseEvent[]> {
  const key = app === "workflow" ? client.workflowKey : client.chatflowKey;
  const path = app === "workflow" ? "/workflows/run" : "/chat-messages";
  const body =
    app === "workflow"
      ? { inputs: { topic: "Contract", audience: "Engineers" }, response_mode: "streaming", user }
      : { query: "Can I export my data?", inputs: {}, response_mode: "streaming", user };
  return readSse(
    await client.post(path, body, { key }),
    until("workflow_paused", "workflow_finished"),
  );
}

const runIdOf = (events: SseEvent[]): string => {
  const id = events[0]?.workflow_run_id;
  return typeof id === "string" ? id : "";
};

const formOf = (events: SseEvent[]) => {
  const required = events.find((event) => event.event === "human_input_required");
  return (required?.data ?? {}) as { form_token: string };
};

function eventsOf(client: TestClient, app: App, runId: string, user: string, query = "") {
  const key = app === "workflow" ? client.workflowKey : client.chatflowKey;
  return client.get(`/workflow/${runId}/events?user=${encodeURIComponent(user)}${query}`, { key });
}

// A complete answer to the first form of each demo app.
function answerTo(app: App) {
  if (app === "chatflow") return { inputs: { reply: "Approved text" }, action: "send" };
  return {
    inputs: {
      draft: "Edited",
      tone: "Formal",
      cover: { type: "image", transfer_method: "remote_url", url: "https://e.com/c.png" },
      attachments: [],
    },
    action: "approve",
  };
}

async function submitAndFollow(client: TestClient, app: App, query: string): Promise<SseEvent[]> {
  const user = `contract-${app}-${Date.now()}`;
  const paused = await startStreaming(client, app, user);
  const form = formOf(paused);
  const stream = await eventsOf(client, app, runIdOf(paused), user, query);
  const key = app === "workflow" ? client.workflowKey : client.chatflowKey;
  const submitted = await client.post(
    `/form/human_input/${form.form_token}`,
    { ...answerTo(app), user },
    { key },
  );
  expect(submitted.status).toBe(200);
  return readSse(stream, until("workflow_finished"));
}

export const STREAM_SCENARIOS: Scenario[] = (["workflow", "chatflow"] as const).flatMap(
  (app): Scenario[] => [
    {
      name: "live run stream to the pause",
      app,
      collect: (client) => startStreaming(client, app, `contract-live-${app}`),
    },
    {
      name: "events of a paused run, with include_state_snapshot",
      app,
      collect: async (client) => {
        const user = `contract-snapshot-${app}`;
        const paused = await startStreaming(client, app, user);
        const response = await eventsOf(
          client,
          app,
          runIdOf(paused),
          user,
          "&include_state_snapshot=true",
        );
        return readSse(response, until("workflow_paused", "workflow_finished"));
      },
    },
    {
      name: "events after a submission, without a snapshot",
      app,
      collect: (client) => submitAndFollow(client, app, ""),
    },
    {
      name: "events after a submission, with include_state_snapshot",
      app,
      collect: (client) =>
        submitAndFollow(client, app, "&include_state_snapshot=true&continue_on_pause=true"),
    },
    {
      name: "events of a finished run",
      app,
      collect: async (client) => {
        const user = `contract-finished-${app}`;
        const paused = await startStreaming(client, app, user);
        const form = formOf(paused);
        const key = app === "workflow" ? client.workflowKey : client.chatflowKey;
        const follow = await eventsOf(client, app, runIdOf(paused), user);
        await client.post(
          `/form/human_input/${form.form_token}`,
          { ...answerTo(app), user },
          { key },
        );
        await readSse(follow, until("workflow_finished"));
        return readSse(await eventsOf(client, app, runIdOf(paused), user));
      },
    },
    {
      name: "events of a form that times out",
      app,
      collect: async (client) => {
        const user = `contract-timeout-${app}`;
        const started = await client.admin.request("/demo-runs", {
          body: { user, app, form_ttl_seconds: 0.3 },
        });
        const run = (await started.json()) as { workflow_run_id: string };
        return readSse(
          await eventsOf(client, app, run.workflow_run_id, user),
          until("workflow_finished"),
        );
      },
    },
  ],
);

// Documented event fields the embedded service leaves out, with why. Keys: "<app> <event>".
const ABSENT: Record<string, MatchOptions> = {};

describe.each(SERVER_MODES)("embedded stream events match Dify's description ($name)", (mode) => {
  let server: EmbeddedServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startEmbeddedServer({ port: 0, stepDelayMs: 5, ...mode.options });
    client = createTestClient(server);
  });
  afterAll(() => server.close());

  it.each(STREAM_SCENARIOS)("$app: $name", async ({ app, collect }) => {
    const events = await collect(client, server);
    expect(events.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const event of events) {
      try {
        expectMatchesSpec(event, eventSchema(app, event.event), ABSENT[`${app} ${event.event}`]);
      } catch (error) {
        problems.push(`${event.event}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
