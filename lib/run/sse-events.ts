import { EventSourceParserStream } from "eventsource-parser/stream";
import { parseStreamEvent } from "@/lib/dify/schemas";

// Reads Dify's SSE framing (works in the browser and on the server): `data: <json>` events,
// `event: ping` keep-alives with no data (the parser drops them), `id:` lines, CRLF, and events
// split across network chunks. Data that is not JSON is skipped rather than fatal.

/** Each event's JSON payload, unparsed: for streams that carry events of their own as well. */
export async function* readSseJson(stream: ReadableStream<Uint8Array>) {
  const events = stream
    .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
    .pipeThrough(new EventSourceParserStream());
  const reader = events.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      if (!value.data.trim()) continue;
      let json: unknown;
      try {
        json = JSON.parse(value.data);
      } catch {
        continue;
      }
      yield json;
    }
  } finally {
    // Cancelling releases the upstream connection when a caller stops early.
    await reader.cancel().catch(() => undefined);
  }
}

export async function* readStreamEvents(stream: ReadableStream<Uint8Array>) {
  for await (const json of readSseJson(stream)) yield parseStreamEvent(json);
}
