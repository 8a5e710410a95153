import { describe, expect, it } from "vitest";
import { readSse, readSseJson, readStreamEvents } from "@/lib/dify/sse-events";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]) {
  const out = [];
  for await (const event of readStreamEvents(streamOf(chunks))) out.push(event);
  return out;
}

describe("readStreamEvents", () => {
  it("skips pings, tolerates id lines, CRLF and events split across chunks", async () => {
    const events = await collect([
      "event: ping\n\n",
      'id: 1\r\ndata: {"event":"text_chunk","workflow_run_id":"r","task_id":"t","data":{"te',
      'xt":"Hel"}}\r\n\r\n',
      'data: {"event": "text_chunk", "data": {"text": "lo"}}\n\n',
      'data: {"event":"iteration_started","data":{}}\n\n',
      "data: not json\n\n",
      'data: {"event":"error","status":500,"code":"internal_server_error","message":"boom"}\n\n',
    ]);
    expect(events.map((e) => e.event)).toEqual(["text_chunk", "text_chunk", "unknown", "error"]);
    expect(events[0]).toMatchObject({ data: { text: "Hel" } });
    expect(events[1]).toMatchObject({ data: { text: "lo" } });
    expect(events[2]).toEqual({ event: "unknown", name: "iteration_started" });
    expect(events[3]).toMatchObject({ code: "internal_server_error", message: "boom" });
  });
});

// ------------------------------------------------------------------ the reader's framing

/** A body that arrives as the given pieces of bytes. */
function bytesOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

async function messages(pieces: Uint8Array[]) {
  const out = [];
  for await (const message of readSse(bytesOf(pieces))) out.push(message);
  return out;
}

async function payloads(text: string) {
  const out = [];
  for await (const json of readSseJson(streamOf([text]))) out.push(json);
  return out;
}

describe("readSse", () => {
  const text =
    ': ping\n\nevent: ping\n\nid: 7\r\ndata: {"event":"text_chunk","data":{"text":"żółw ✓"}}\r\n\r\n' +
    'data:{"event":"workflow_finished","data":{"status":"succeeded"}}\n\n';
  const expected = [
    { id: "7", event: undefined, data: '{"event":"text_chunk","data":{"text":"żółw ✓"}}' },
    {
      id: undefined,
      event: undefined,
      data: '{"event":"workflow_finished","data":{"status":"succeeded"}}',
    },
  ];

  it("reads the same events however the bytes are split (every split point, multi-byte too)", async () => {
    const bytes = new TextEncoder().encode(text);
    for (let at = 0; at <= bytes.length; at++) {
      const got = await messages([bytes.slice(0, at), bytes.slice(at)]);
      expect(got, `split at byte ${at}`).toEqual(expected);
    }
    // And one byte at a time.
    expect(await messages([...bytes].map((byte) => Uint8Array.of(byte)))).toEqual(expected);
  });

  it("reads `data:x` and `data: x` alike, with LF, CR or CRLF line ends", async () => {
    for (const end of ["\n", "\r", "\r\n"]) {
      const got = await payloads(`data:{"a":1}${end}${end}data: {"a":2}${end}${end}`);
      expect(got, JSON.stringify(end)).toEqual([{ a: 1 }, { a: 2 }]);
    }
  });

  it("skips comments, keep-alives and events without data", async () => {
    const got = await payloads(
      ': ping\n\n:\n\nevent: ping\n\nevent: ping\ndata:\n\nretry: 1000\n\ndata: {"a":1}\n\n',
    );
    expect(got).toEqual([{ a: 1 }]);
  });

  it("joins multi-line data with newlines", async () => {
    const got = await messages([new TextEncoder().encode('data: {"a":\ndata:  1}\n\n')]);
    expect(got.map((message) => message.data)).toEqual(['{"a":\n 1}']);
    expect(await payloads('data: {"a":\ndata: 1}\n\n')).toEqual([{ a: 1 }]);
  });

  it("delivers a last event the body ends on without its blank line", async () => {
    expect(await payloads('data: {"a":1}\n\ndata: {"a":2}')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(await payloads('data: {"a":1}\n\ndata: {"a":2}\n')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(await payloads('data: {"a":1}\r')).toEqual([{ a: 1 }]);
  });

  it("cancels the body when the reader stops early", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"a":1}\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const json of readSseJson(body)) {
      expect(json).toEqual({ a: 1 });
      break;
    }
    expect(cancelled).toBe(true);
  });
});

describe("the SSE writer", () => {
  it("writes what the reader reads back: JSON on one line", async () => {
    const { encodeSseEvent, readSse } = await import("@/lib/dify/sse-events");
    const json = { event: "text_chunk", data: { text: "a\nb — 你好" } };
    expect(encodeSseEvent(json)).toBe(`data: ${JSON.stringify(json)}\n\n`);
    const body = new Response(encodeSseEvent(json) + encodeSseEvent(json)).body!;
    const read = [];
    for await (const message of readSse(body)) read.push(message.data);
    expect(read).toEqual([JSON.stringify(json), JSON.stringify(json)]);
  });
});
