import { describe, expect, it } from "vitest";
import { readStreamEvents } from "@/lib/run/sse-events";

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
