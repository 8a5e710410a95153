import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { relayEventStream } from "@/lib/server/streams/relay-event-stream";

const transform = { apply: (event: unknown) => [event] };

// How the relay ends when the server ends it (open-streams): on shutdown with a `retry:`
// line, at link expiry without one; either way the upstream is aborted and the slot released.

/** The upstream's body as undici hands it over: a Node stream, written as the test goes. */
function upstreamStream() {
  const stream = new PassThrough();
  return { stream, push: (text: string) => stream.write(text) };
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  let text = "";
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += decoder.decode(value);
  }
}

describe("relayEventStream, ended by the server", () => {
  it("ends with a retry line on shutdown, aborting the upstream and releasing once", async () => {
    const upstream = upstreamStream();
    const end = new AbortController();
    const abortUpstream = vi.fn();
    const onEnd = vi.fn();
    const relayed = relayEventStream(upstream.stream, abortUpstream, {
      transform,
      end: end.signal,
      onEnd,
    });
    upstream.push('data: {"event":"node_started"}\n\n');
    const text = readAll(relayed);
    await new Promise((resolve) => setTimeout(resolve, 10));
    end.abort({ kind: "shutdown", retryMs: 1000 });
    expect(await text).toBe('data: {"event":"node_started"}\n\nretry: 1000\n\n');
    expect(abortUpstream).toHaveBeenCalled();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("ends without a retry line when the link expires", async () => {
    const upstream = upstreamStream();
    const end = new AbortController();
    const onEnd = vi.fn();
    const relayed = relayEventStream(upstream.stream, () => undefined, {
      transform,
      end: end.signal,
      onEnd,
    });
    const text = readAll(relayed);
    end.abort({ kind: "expired" });
    expect(await text).toBe("");
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("releases its slot when the browser goes away", async () => {
    const upstream = upstreamStream();
    const onEnd = vi.fn();
    const relayed = relayEventStream(upstream.stream, () => undefined, { transform, onEnd });
    await relayed.cancel();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
