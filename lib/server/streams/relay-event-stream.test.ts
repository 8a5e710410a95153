import { PassThrough, Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { relayEventStream, type EventTransform } from "@/lib/server/streams/relay-event-stream";

// The relay: every event split out however the chunks cut it, parsed, transformed and written
// again; an event past the size limit ends the stream with an error instead of growing a buffer.

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
const identity: EventTransform = { apply: (event) => [event] };

/** Upper-cases the `text` of every event, and adds a last event at the upstream's end. */
const shouting: EventTransform = {
  apply: (event) => [{ text: (event as { text: string }).text.toUpperCase() }],
  finish: (how) => [{ end: how }],
};

describe("relayEventStream", () => {
  it("splits, transforms and encodes every event, holding a cut one until its end", async () => {
    const chunks = [
      'data: {"text":"a"}\n\ndata: {"te',
      'xt":"b"}\r\n\r',
      '\nevent: ping\n\ndata: {"text":"c"}',
    ];
    const out = await read(
      relayEventStream(Readable.from(chunks.map((c) => Buffer.from(c))), () => undefined, {
        transform: shouting,
      }),
    );
    expect(out).toBe(
      ["A", "B", "C"].map((text) => `data: {"text":"${text}"}\n\n`).join("") +
        'data: {"end":"ended"}\n\n',
    );
  });

  it("passes each event's id on with the last event it became, and only an event cursor", async () => {
    const twice: EventTransform = { apply: (event) => [event, { again: event }] };
    const dropped: EventTransform = { apply: () => [] };
    const upstream = () =>
      Readable.from([Buffer.from('id: 17-0\ndata: {"n":1}\n\nid: not\nnext\ndata: {"n":2}\n\n')]);
    expect(await read(relayEventStream(upstream(), () => undefined, { transform: twice }))).toBe(
      'data: {"n":1}\n\nid: 17-0\ndata: {"again":{"n":1}}\n\n' +
        'data: {"n":2}\n\ndata: {"again":{"n":2}}\n\n',
    );
    // An event the transform drops takes its id with it: a reconnect replays it, dropped again.
    expect(await read(relayEventStream(upstream(), () => undefined, { transform: dropped }))).toBe(
      "",
    );
  });

  it("keeps a character cut between chunks whole", async () => {
    const bytes = Buffer.from('data: {"text":"你好"}\n\n');
    const chunks = [...bytes].map((byte) => Buffer.from([byte]));
    const out = await read(
      relayEventStream(Readable.from(chunks), () => undefined, { transform: identity }),
    );
    expect(out).toBe('data: {"text":"你好"}\n\n');
  });

  it("ends with an error event when one event grows past the limit, and aborts the upstream", async () => {
    const upstream = new PassThrough();
    const abortUpstream = vi.fn();
    const onEnd = vi.fn();
    const stream = relayEventStream(upstream, abortUpstream, {
      transform: shouting,
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
    const reader = relayEventStream(upstream, () => undefined, {
      transform: identity,
      keepAliveMs: 300,
    }).getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toBe(": keep-alive\n\n");
    await reader.cancel();
  });

  it("stops reading the upstream while the browser reads nothing (backpressure)", async () => {
    const upstream = new PassThrough({ highWaterMark: 16 });
    const stream = relayEventStream(upstream, () => undefined, { transform: identity });
    const reader = stream.getReader();
    upstream.write("data: 1\n\n");
    await reader.read();
    // Nobody asks for more: the relay pauses the body, so writes back up in the upstream.
    let accepted = true;
    for (let i = 0; i < 10 && accepted; i++) accepted = upstream.write("data: 2\n\n");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(upstream.isPaused()).toBe(true);
    await reader.cancel();
  });

  it("keeps the upstream flowing while a read waits for each event", async () => {
    const upstream = new PassThrough();
    const reader = relayEventStream(upstream, () => undefined, { transform: identity }).getReader();
    for (const n of [1, 2, 3]) {
      const next = reader.read();
      upstream.write(`data: ${n}\n\n`);
      expect(new TextDecoder().decode((await next).value)).toBe(`data: ${n}\n\n`);
      expect(upstream.isPaused()).toBe(false);
    }
    await reader.cancel();
  });
});
