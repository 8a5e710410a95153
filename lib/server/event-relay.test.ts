import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { request } from "undici";
import { relayEventsTo } from "@/lib/server/event-relay";
import { serveForTest } from "@/lib/tools/test/serve-for-test";

// The relay's Node end, as the form routes use it: into a real response, to a real client.

const OWN = "OwnTokenOwnTokenOwn012";
const OTHER = "OtherTokenOtherToken34";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server relaying `upstream` to whoever asks, and what the relay reports. */
async function relaying(options: { end?: AbortSignal } = {}) {
  const upstream = new PassThrough();
  const abortUpstream = vi.fn();
  const onEnd = vi.fn();
  const server = await serveForTest((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.flushHeaders();
    relayEventsTo(res, upstream, abortUpstream, { ownToken: OWN, onEnd, ...options });
  });
  close = () => server.close();
  const answer = await request(server.origin);
  let text = "";
  answer.body.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const ended = new Promise<void>((resolve) => {
    answer.body.once("end", resolve);
    answer.body.once("error", () => resolve());
  });
  const received = async (part: string) => {
    for (let i = 0; i < 200 && !text.includes(part); i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return text;
  };
  return { upstream, abortUpstream, onEnd, answer, ended, received, text: () => text };
}

const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

describe("relayEventsTo", () => {
  it("passes events on as they come, every token but the link's own nulled", async () => {
    const relay = await relaying();
    relay.upstream.write(event({ event: "node_started", data: { id: "n" } }));
    expect(await relay.received("node_started")).toBe(
      event({ event: "node_started", data: { id: "n" } }),
    );
    const required = (token: string) => ({
      event: "human_input_required",
      data: { form_id: "f", node_id: "n", form_token: token },
    });
    // Cut in the middle of the foreign token: the relay holds the event until it is whole.
    const foreign = event(required(OTHER));
    relay.upstream.write(foreign.slice(0, 60));
    relay.upstream.write(foreign.slice(60) + event(required(OWN)));
    relay.upstream.end();
    await relay.ended;
    expect(relay.text()).not.toContain(OTHER);
    expect(relay.text()).toContain(OWN);
    expect(relay.text()).toContain('"form_token":null');
    expect(relay.onEnd).toHaveBeenCalledTimes(1);
  });

  it("aborts the upstream and ends once when the browser goes away", async () => {
    const relay = await relaying();
    relay.upstream.write(event({ event: "ping" }));
    await relay.received("ping");
    relay.answer.body.destroy();
    await vi.waitFor(() => expect(relay.abortUpstream).toHaveBeenCalled());
    expect(relay.onEnd).toHaveBeenCalledTimes(1);
    expect(relay.upstream.destroyed).toBe(true);
  });

  it("ends with a retry line when the server ends it for a shutdown", async () => {
    const end = new AbortController();
    const relay = await relaying({ end: end.signal });
    relay.upstream.write(event({ event: "node_started" }));
    await relay.received("node_started");
    end.abort({ kind: "shutdown", retryMs: 1000 });
    await relay.ended;
    expect(relay.text()).toBe(event({ event: "node_started" }) + "retry: 1000\n\n");
    expect(relay.abortUpstream).toHaveBeenCalled();
    expect(relay.onEnd).toHaveBeenCalledTimes(1);
  });

  it("ends cleanly when the upstream breaks off", async () => {
    const relay = await relaying();
    relay.upstream.write(event({ event: "node_started" }));
    await relay.received("node_started");
    relay.upstream.destroy(new Error("socket hang up"));
    await relay.ended;
    expect(relay.text()).toBe(event({ event: "node_started" }));
    expect(relay.onEnd).toHaveBeenCalledTimes(1);
  });
});
