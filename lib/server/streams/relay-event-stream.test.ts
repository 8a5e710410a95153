import { PassThrough, Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { relayEventStream, type EventTransform } from "@/lib/server/streams/relay-event-stream";

// The relay, with and without a transform: bytes pass as they came unless the transform may
// change an event in them; a held event waits for its end; an event past the size limit ends the
// stream with an error instead of growing a buffer.

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

/** Upper-cases the `text` of every event it is shown, and says which chunks it saw. */
function shouting(): EventTransform & { seen: number } {
  const transform = {
    seen: 0,
    mayChange: (bytes: Buffer) => bytes.includes("shout"),
    apply(event: unknown) {
      transform.seen++;
      const { text } = event as { text: string };
      return [{ text: text.toUpperCase() }];
    },
  };
  return transform;
}

describe("relayEventStream", () => {
  it("without a transform passes every byte as it came, however cut", async () => {
    const text = 'event: ping\n\ndata: {"a":1}\r\n\r\ndata: {"b"';
    const chunks = [text.slice(0, 7), text.slice(7, 20), text.slice(20)].map((s) => Buffer.from(s));
    expect(await read(relayEventStream(Readable.from(chunks), () => undefined))).toBe(text);
  });

  it("passes whole chunks the transform need not see, untouched and unparsed", async () => {
    const transform = shouting();
    const chunk = Buffer.from('data: {"text":"quiet"}\n\n');
    const out = await read(
      relayEventStream(Readable.from([chunk, chunk]), () => undefined, { transform }),
    );
    expect(out).toBe(chunk.toString().repeat(2));
    expect(transform.seen).toBe(0);
  });

  it("rewrites only what the transform may change, and holds a cut event until its end", async () => {
    const transform = shouting();
    const chunks = [
      'data: {"text":"shout"}\n\ndata: {"te',
      'xt":"more"}\n\n',
      'data: {"text":"x"}\n\n',
    ];
    const out = await read(
      relayEventStream(Readable.from(chunks.map((c) => Buffer.from(c))), () => undefined, {
        transform,
      }),
    );
    expect(out).toBe('data: {"text":"SHOUT"}\n\ndata: {"text":"MORE"}\n\ndata: {"text":"x"}\n\n');
    // The third chunk came whole with nothing to change: it was never parsed.
    expect(transform.seen).toBe(2);
  });

  it("ends with an error event when one event grows past the limit, and aborts the upstream", async () => {
    const upstream = new PassThrough();
    const abortUpstream = vi.fn();
    const onEnd = vi.fn();
    const stream = relayEventStream(upstream, abortUpstream, {
      transform: shouting(),
      maxEventChars: 1000,
      onEnd,
    });
    const out = read(stream);
    upstream.write('data: {"text":"shout"}\n\ndata: {"text":"');
    for (let i = 0; i < 20; i++) upstream.write("x".repeat(100));
    const text = await out;
    expect(text.startsWith('data: {"text":"SHOUT"}\n\n')).toBe(true);
    expect(text).toContain('"code":"upstream_bad_response"');
    expect(text).not.toContain("xxx");
    expect(abortUpstream).toHaveBeenCalled();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("sends a keep-alive comment while the upstream is quiet", async () => {
    const upstream = new PassThrough();
    const reader = relayEventStream(upstream, () => undefined, { keepAliveMs: 300 }).getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toBe(": keep-alive\n\n");
    await reader.cancel();
  });

  it("stops reading the upstream while the browser reads nothing (backpressure)", async () => {
    const upstream = new PassThrough({ highWaterMark: 16 });
    const stream = relayEventStream(upstream, () => undefined);
    const reader = stream.getReader();
    upstream.write("data: 1\n\n");
    await reader.read();
    // Nobody asks for more: the relay pauses the body, so writes back up in the upstream.
    let accepted = true;
    for (let i = 0; i < 10 && accepted; i++) accepted = upstream.write("data: more\n\n");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(upstream.isPaused()).toBe(true);
    await reader.cancel();
  });
});
