import { describe, expect, it } from "vitest";
import { relayEventStream } from "@/lib/server/event-relay";
import { createFormTokenRedactor } from "@/lib/server/redact-form-tokens";
import { readStreamEvents } from "@/lib/run/sse-events";

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

function streamOf(text: string, splitEvery: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += splitEvery)
        controller.enqueue(bytes.slice(i, i + splitEvery));
      controller.close();
    },
  });
}

async function relayed(text: string, splitEvery: number, ownToken: string | null = OWN) {
  const body = relayEventStream(streamOf(text, splitEvery), () => undefined, {
    ownToken: ownToken ?? undefined,
  });
  return new Response(body).text();
}

async function relayedEvents(text: string, splitEvery: number) {
  const events = [];
  const body = relayEventStream(streamOf(text, splitEvery), () => undefined, { ownToken: OWN });
  for await (const event of readStreamEvents(body)) events.push(event);
  return events;
}

describe("the events relay's token filter", () => {
  it("passes events without a token through byte for byte, whatever the chunking", async () => {
    const text =
      frame(
        [
          { event: "workflow_started", ...env, data: { id: "r" } },
          { event: "text_chunk", ...env, data: { text: "héllo — 你好\n" } },
        ],
        "\r\n",
      ) + 'id: 7\ndata: {"event":"node_started"}\n\n';
    for (const split of [1, 3, 7, 64, 10_000]) expect(await relayed(text, split)).toBe(text);
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

  it("without an own token the relay leaves the bytes alone", async () => {
    const text = frame([required(OTHER)]);
    expect(await relayed(text, 5, null)).toBe(text);
  });

  it("holds only an unfinished event, and lets it out at the end", () => {
    const redactor = createFormTokenRedactor(OWN);
    const done = new TextDecoder();
    expect(done.decode(redactor.push(new TextEncoder().encode('data: {}\n\ndata: {"a"')))).toBe(
      "data: {}\n\n",
    );
    expect(done.decode(redactor.push(new TextEncoder().encode(":1}\n\n")))).toBe(
      'data: {"a":1}\n\n',
    );
    expect(redactor.push(new TextEncoder().encode('data: {"b":2}'))).toHaveLength(0);
    expect(done.decode(redactor.flush())).toBe('data: {"b":2}');
  });
});
