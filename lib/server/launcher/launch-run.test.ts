import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { parseEnv } from "@/lib/server/env-schema";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { appParametersSchema } from "@/lib/dify/schemas";
import { verifyFormLink } from "@/lib/server/form/signed-form-link";
import { FORM_LINK_EVENT, readLaunchEvents } from "@/lib/launcher/launch-events";
import { relayEventStream } from "@/lib/server/streams/relay-event-stream";
import { getLaunchForm, launchMode, startLaunch } from "@/lib/server/launcher/launch-run";
import { forgetProcessState } from "@/lib/tools/test/forget-process-state";

// The launcher's server side against a scripted upstream client: which endpoint starts the app,
// what the browser receives, and what it never does (start a run from invalid values).

vi.mock("@/lib/server/dify/get-dify-client", () => {
  const client = {
    getAppParameters: vi.fn(),
    runWorkflowStreaming: vi.fn(),
    sendChatMessageStreaming: vi.fn(),
  };
  return { getDifyClient: () => client };
});
const { getAppParameters, runWorkflowStreaming, sendChatMessageStreaming } = getDifyClient();
const env = {
  DIFY_APP_MODE: "auto",
  FORM_LINK_SECRET: "test-secret",
  limits: parseEnv(process.env).limits,
};
vi.mock("@/lib/server/env", () => ({ getEnv: () => env }));

const parameters = appParametersSchema.parse({
  user_input_form: [
    { "text-input": { label: "Topic", variable: "topic", required: true, default: "" } },
    { number: { label: "Words", variable: "words", required: false, default: "" } },
  ],
});

/** The upstream's stream as undici hands it over: a Node stream. */
function sse(events: unknown[]): Readable {
  return Readable.fromWeb(webSse(events) as NodeWebReadableStream<Uint8Array>);
}

function webSse(events: unknown[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode("event: ping\n\n"));
      for (const event of events)
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      controller.close();
    },
  });
}

/** What the browser receives: the run relayed with the launcher's transform. */
async function collect(launch: Awaited<ReturnType<typeof startLaunch>>) {
  const out = [];
  const stream = relayEventStream(launch.upstream, () => undefined, {
    transform: launch.transform,
  });
  for await (const event of readLaunchEvents(stream)) out.push(event);
  return out;
}

const envelope = { task_id: "t", workflow_run_id: "run-1" };
const paused = (token: string | null) => [
  { event: "workflow_started", ...envelope, data: { id: "run-1" } },
  { event: "node_started", ...envelope, data: { id: "n1", node_id: "start", title: "Start" } },
  {
    event: "human_input_required",
    ...envelope,
    data: { node_id: "review", node_title: "Review", form_token: token },
  },
  { event: "workflow_paused", ...envelope, data: {} },
];

const start = (body: unknown) => startLaunch("anon-1", body, new AbortController().signal);

beforeEach(() => {
  vi.mocked(getAppParameters).mockReset().mockResolvedValue(parameters);
  vi.mocked(runWorkflowStreaming).mockReset();
  vi.mocked(sendChatMessageStreaming).mockReset();
  env.DIFY_APP_MODE = "auto";
  forgetProcessState();
});

describe("startLaunch", () => {
  it("runs a workflow as the user and adds a signed link to the form it pauses at", async () => {
    vi.mocked(runWorkflowStreaming).mockResolvedValue(sse(paused("TokenAbc")));
    const events = await collect(
      await start({ inputs: { topic: "News", words: "250" }, query: "" }),
    );

    expect(runWorkflowStreaming).toHaveBeenCalledWith(
      { inputs: { topic: "News", words: 250 }, user: "anon-1" },
      expect.any(AbortSignal),
    );
    expect(events.map((event) => event.event)).toEqual([
      "workflow_started",
      "node_started",
      "human_input_required",
      FORM_LINK_EVENT,
      "workflow_paused",
    ]);
    const link = events[3] as { url: string; workflow_run_id: string; node_title: string };
    expect(link).toMatchObject({ workflow_run_id: "run-1", node_title: "Review" });
    const url = new URL(link.url, "http://app.local");
    expect(url.pathname).toBe("/form/TokenAbc");
    const verified = verifyFormLink("TokenAbc", Object.fromEntries(url.searchParams), {
      secret: "test-secret",
      allowUnsigned: false,
    });
    // The launcher's own user started the run: the link may open its later forms too.
    expect(verified).toMatchObject({
      ok: true,
      claims: { run: "run-1", user: "anon-1", scope: "run" },
    });
    expect(Number(url.searchParams.get("exp")) - Date.now() / 1000).toBeGreaterThan(23 * 3600);
  });

  it("sends no link for a form answered elsewhere (null token)", async () => {
    vi.mocked(runWorkflowStreaming).mockResolvedValue(sse(paused(null)));
    const events = await collect(await start({ inputs: { topic: "News" }, query: "" }));
    expect(events.map((event) => event.event)).not.toContain(FORM_LINK_EVENT);
    const required = events.find((event) => event.event === "human_input_required");
    expect(required).toMatchObject({ data: { node_title: "Review", form_token: null } });
  });

  it("links a form named only in a graphon 0.6+ pause reason, once per token", async () => {
    const reason = (token: string | null, node: string) => ({
      type: "hitl_required",
      session_id: `form-${node}`,
      node_id: node,
      node_title: node,
      form_token: token,
      approval_channels: ["web_app"],
      expiration_time: 9,
    });
    vi.mocked(runWorkflowStreaming).mockResolvedValue(
      sse([
        ...paused("TokenAbc").slice(0, 3),
        {
          event: "workflow_paused",
          ...envelope,
          data: {
            reasons: [
              reason("TokenAbc", "Review"),
              reason("TokenDef", "Legal"),
              reason(null, "Mail"),
            ],
          },
        },
      ]),
    );
    const events = await collect(await start({ inputs: { topic: "News" }, query: "" }));
    const links = events.filter((event) => event.event === FORM_LINK_EVENT);
    expect(links.map((link) => [new URL(link.url, "http://a").pathname, link.node_title])).toEqual([
      ["/form/TokenAbc", "Review"],
      ["/form/TokenDef", "Legal"],
    ]);
  });

  it("sends no link for a Human Input v2 form: the v1 route does not know its token", async () => {
    const events = paused("TokenV2");
    (events[2] as { data: Record<string, unknown> }).data.form_version = "2";
    vi.mocked(runWorkflowStreaming).mockResolvedValue(sse(events));
    const relayed = await collect(await start({ inputs: { topic: "News" }, query: "" }));
    expect(relayed.map((event) => event.event)).not.toContain(FORM_LINK_EVENT);
  });

  it("reads past an event whose data is JSON null", async () => {
    vi.mocked(runWorkflowStreaming).mockResolvedValue(sse([null, ...paused("TokenAbc")]));
    const events = await collect(await start({ inputs: { topic: "News" }, query: "" }));
    expect(events.map((event) => event.event)).toContain(FORM_LINK_EVENT);
  });

  it("ends with an error event when the stream stops before a pause or an end", async () => {
    vi.mocked(runWorkflowStreaming).mockResolvedValue(sse(paused("x").slice(0, 2)));
    const events = await collect(await start({ inputs: { topic: "News" }, query: "" }));
    expect(events.at(-1)).toMatchObject({
      event: "error",
      status: 502,
      code: "upstream_bad_response",
    });
  });

  it("ends with an error event when the upstream breaks off before a pause or an end", async () => {
    const broken = new Readable({ read() {} });
    broken.push(`data: ${JSON.stringify(paused("x")[0])}\n\n`);
    setTimeout(() => broken.destroy(new Error("socket hang up")), 20);
    vi.mocked(runWorkflowStreaming).mockResolvedValue(broken);
    const events = await collect(await start({ inputs: { topic: "News" }, query: "" }));
    expect(events.map((event) => event.event)).toEqual(["workflow_started", "error"]);
    expect(events.at(-1)).toMatchObject({ code: "upstream_unreachable" });
  });

  it("starts nothing when a required input is empty", async () => {
    await expect(start({ inputs: { topic: " " }, query: "" })).rejects.toThrow();
    expect(runWorkflowStreaming).not.toHaveBeenCalled();
    expect(sendChatMessageStreaming).not.toHaveBeenCalled();
  });

  it("sends inputs named like an object's own keys, and names them when refused", async () => {
    vi.mocked(getAppParameters).mockResolvedValue(
      appParametersSchema.parse({
        user_input_form: ["__proto__", "constructor"].map((name) => ({
          "text-input": { label: name, variable: name, required: true, default: "" },
        })),
      }),
    );
    vi.mocked(runWorkflowStreaming).mockResolvedValue(sse(paused("TokenAbc")));
    // Built from JSON, as the route reads it: an object literal's `__proto__` sets its prototype.
    const body = (inputs: string) => JSON.parse(`{"inputs": ${inputs}, "query": ""}`) as unknown;

    const refused = await start(body('{"constructor": "y"}')).catch((error: unknown) => error);
    expect((refused as ApiError).issues).toEqual([
      { path: "inputs.__proto__", message: "Enter __proto__." },
    ]);
    await start(body('{"__proto__": "x", "constructor": "y"}'));
    const [sent] = vi.mocked(runWorkflowStreaming).mock.calls[0]!;
    expect(Object.entries(sent.inputs)).toEqual([
      ["__proto__", "x"],
      ["constructor", "y"],
    ]);
  });

  it("in auto mode learns a chat app from not_workflow_app, asks for the message, then chats", async () => {
    vi.mocked(runWorkflowStreaming).mockRejectedValue(
      new ApiError(
        400,
        "not_workflow_app",
        "Please check if your app mode matches the right API route.",
      ),
    );
    await expect(start({ inputs: { topic: "News" }, query: "" })).rejects.toMatchObject({
      status: 400,
      code: "message_required",
    });
    expect(launchMode()).toBe("chatflow");
    expect((await getLaunchForm()).mode).toBe("chatflow");

    // Now the message is part of the form's schema.
    await expect(start({ inputs: { topic: "News" }, query: "" })).rejects.toThrow(
      /Write a message/,
    );
    vi.mocked(sendChatMessageStreaming).mockResolvedValue(sse(paused("T")));
    await collect(await start({ inputs: { topic: "News" }, query: "Hello?" }));
    expect(sendChatMessageStreaming).toHaveBeenCalledWith(
      { inputs: { topic: "News" }, user: "anon-1", query: "Hello?" },
      expect.any(AbortSignal),
    );
    expect(runWorkflowStreaming).toHaveBeenCalledTimes(1);
  });

  it("names DIFY_APP_MODE when the configured mode does not fit the app", async () => {
    env.DIFY_APP_MODE = "workflow";
    vi.mocked(runWorkflowStreaming).mockRejectedValue(new ApiError(400, "not_workflow_app", "x"));
    await expect(start({ inputs: { topic: "News" }, query: "" })).rejects.toMatchObject({
      code: "not_workflow_app",
      message: expect.stringContaining("DIFY_APP_MODE") as string,
    });
    expect(launchMode()).toBe("workflow");
  });
});
