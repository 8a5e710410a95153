import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { relayEventStream } from "@/lib/server/streams/relay-event-stream";
import { formTokenRedaction, MAX_REDACT_DEPTH } from "@/lib/server/form/run-stream-allowlist";
import { readStreamEvents } from "@/lib/dify/sse-events";

const OWN = "OwnTokenOwnTokenOwn012";
const OTHER = "OtherTokenOtherToken34";
const THIRD = "ThirdTokenThirdToken56";

const env = { task_id: "t", workflow_run_id: "r" };
const required = (token: string | null, node = "n") => ({
  event: "human_input_required",
  ...env,
  data: { form_id: `f-${node}`, node_id: node, node_title: node, form_token: token },
});
const pausedWithReasons = {
  event: "workflow_paused",
  ...env,
  data: {
    reasons: [
      { TYPE: "human_input_required", node_id: "a", form_token: OWN },
      { TYPE: "human_input_required", node_id: "b", form_token: OTHER },
    ],
  },
};

const frame = (events: unknown[], eol = "\n") =>
  "event: ping\n\n" + events.map((e) => `data: ${JSON.stringify(e)}${eol}${eol}`).join("");

/** The upstream's body as undici hands it over, cut every `splitEvery` bytes. */
function streamOf(text: string, splitEvery: number): Readable {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += splitEvery) chunks.push(bytes.subarray(i, i + splitEvery));
  return Readable.from(chunks);
}

function relayedBody(text: string, splitEvery: number) {
  return relayEventStream(streamOf(text, splitEvery), () => undefined, {
    transform: formTokenRedaction(OWN),
  });
}

const relayed = (text: string, splitEvery: number) =>
  new Response(relayedBody(text, splitEvery)).text();

async function relayedEvents(text: string, splitEvery: number) {
  const events = [];
  for await (const event of readStreamEvents(relayedBody(text, splitEvery))) events.push(event);
  return events;
}

describe("the events relay's token filter", () => {
  it("passes events without a token as they came, however cut", async () => {
    const text =
      frame(
        [
          { event: "workflow_started", ...env, data: { id: "r" } },
          { event: "text_chunk", ...env, data: { text: "héllo — 你好\n" } },
        ],
        "\r\n",
      ) + 'id: 7\ndata: {"event":"node_started"}\n\n';
    const whole = await relayedEvents(text, 10_000);
    expect(whole.map((e) => e.event)).toEqual(["workflow_started", "text_chunk", "unknown"]);
    expect(whole[1]).toMatchObject({ data: { text: "héllo — 你好\n" } });
    // Cut anywhere, even inside a character: the same events, each once.
    for (const split of [1, 3, 7, 64]) expect(await relayedEvents(text, split)).toEqual(whole);
  });

  it("nulls every other form's token, in human_input_required and in pause reasons, keeping its own", async () => {
    const text = frame([
      required(OWN, "a"),
      required(OTHER, "b"),
      required(null, "c"),
      pausedWithReasons,
    ]);
    for (const split of [1, 2, 5, 11, 10_000]) {
      const out = await relayed(text, split);
      expect(out).not.toContain(OTHER);
      const events = await relayedEvents(text, split);
      expect(
        events.map((e) => (e.event === "human_input_required" ? e.data.form_token : "-")),
      ).toEqual([OWN, null, null, "-"]);
      const paused = events.at(-1) as { data: { reasons: { form_token: string | null }[] } };
      expect(paused.data.reasons.map((r) => r.form_token)).toEqual([OWN, null]);
    }
  });

  it("finds a token however deep it sits, in any event that names one", async () => {
    const text = frame([
      {
        event: "node_finished",
        ...env,
        data: {
          id: "x",
          node_id: "h",
          status: "paused",
          outputs: { nested: [{ form_token: THIRD }] },
        },
      },
    ]);
    const out = await relayed(text, 4);
    expect(out).not.toContain(THIRD);
    expect(out).toContain('"form_token":null');
  });

  it("drops an event that names form_token but cannot be read", async () => {
    const text = `data: {"event":"human_input_required","form_token":"${OTHER}"\n\ndata: {"event":"ping2"}\n\n`;
    const out = await relayed(text, 3);
    expect(out).toBe('data: {"event":"ping2"}\n\n');
  });

  // Every event kind that can hold a form token, with the token where that kind carries it.
  const carriers: [kind: string, data: Record<string, unknown>][] = [
    ["human_input_required", { node_id: "h", form_token: OTHER }],
    ["workflow_paused", { reasons: [{ TYPE: "human_input_required", form_token: OTHER }] }],
    ["workflow_paused", { form_token: OTHER, paused_nodes: ["h"] }],
    ["human_input_form_filled", { node_id: "h", action_id: "ok", form_token: OTHER }],
    ["human_input_form_timeout", { node_id: "h", form_token: OTHER }],
    ["node_started", { node_id: "h", inputs: { form_token: OTHER } }],
    ["node_finished", { node_id: "h", process_data: { form: { form_token: OTHER } } }],
    ["node_finished", { node_id: "h", outputs: { forms: [{ form_token: OTHER }] } }],
    ["iteration_completed", { outputs: { output: [{ form_token: OTHER }] } }],
    ["loop_completed", { outputs: { output: [{ form_token: OTHER }] } }],
    ["workflow_finished", { status: "paused", outputs: { form_token: OTHER } }],
    ["message_end", { metadata: { form_token: OTHER } }],
    ["agent_log", { data: { form_token: OTHER } }],
  ];
  it.each(carriers)(
    "nulls a foreign token in %s, however the stream is cut",
    async (kind, data) => {
      const event = { event: kind, ...env, data };
      for (const eol of ["\n", "\r\n"]) {
        const text = frame([{ event: "text_chunk", ...env, data: { text: "a" } }, event], eol);
        for (const split of [1, 6, 10_000]) {
          const out = await relayed(text, split);
          expect(out).not.toContain(OTHER);
          expect(out).toContain('"form_token":null');
          expect(out).toContain(`"event":"${kind}"`);
        }
      }
    },
  );

  it("parses an event whose form_token key is written with JSON escapes", async () => {
    for (const key of ["form\\u005ftoken", "\\u0066orm_token", "form_to\\u006Ben"]) {
      const text = `data: {"event":"human_input_required","data":{"${key}":"${OTHER}"}}\n\n`;
      expect(JSON.parse(text.slice(6))).toMatchObject({ data: { form_token: OTHER } });
      for (const split of [3, 10_000]) {
        const out = await relayed(text, split);
        expect(out).not.toContain(OTHER);
        expect(out).toContain('"form_token":null');
      }
    }
  });

  it("lets out an event the upstream ended on without its blank line, filtered", async () => {
    const text = `data: {"a":1}\n\ndata: {"form_token":"${OTHER}"}`;
    expect(await relayed(text, 5)).toBe('data: {"a":1}\n\ndata: {"form_token":null}\n\n');
  });

  it("drops an event nested deeper than it walks, rather than pass it unread", async () => {
    let deep: unknown = { form_token: OTHER };
    for (let i = 0; i <= MAX_REDACT_DEPTH; i++) deep = { inner: deep };
    const shallow = { event: "node_finished", ...env, data: { outputs: { form_token: OTHER } } };
    const text = frame([{ event: "node_finished", ...env, data: deep }, shallow]);
    const out = await relayed(text, 10_000);
    expect(out).not.toContain(OTHER);
    // The deep one is gone; the shallow one is there, its token nulled.
    expect(out.match(/^data: /gm)).toHaveLength(1);
    expect(out).toContain('"outputs":{"form_token":null}');
  });
});
