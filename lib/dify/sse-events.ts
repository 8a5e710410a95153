import { createParser, type EventSourceMessage } from "eventsource-parser";
import { parseStreamEvent } from "@/lib/dify/browser-schemas";

// The SSE reader of browser and server alike; the framing is eventsource-parser's (WHATWG rules).

/** A Redis Stream ID, as newer Dify servers give each event of a run's retained log. */
export const EVENT_CURSOR = /^[0-9]{1,20}-[0-9]{1,20}$/;

/** One event's JSON as SSE: JSON.stringify writes no line break, so one `data:` line. */
export function encodeSseEvent(json: unknown, id?: string): string {
  const line = id && EVENT_CURSOR.test(id) ? `id: ${id}\n` : "";
  return `${line}data: ${JSON.stringify(json)}\n\n`;
}

/** Each SSE message of a body, unlike EventSource also one it ends on without a blank line. */
export async function* readSse(stream: ReadableStream<Uint8Array>) {
  const reader = stream
    .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
    .getReader();
  const messages: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => messages.push(message) });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      parser.feed(done ? "\n\n" : value);
      yield* messages.splice(0);
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** An event's `id:`, noted once the event it came with has been taken. */
type NoteId = (id: string) => void;

/** Each event's JSON payload, unparsed; keep-alives and data that is not JSON are skipped. */
export async function* readSseJson(stream: ReadableStream<Uint8Array>, noteId?: NoteId) {
  for await (const message of readSse(stream)) {
    let json: unknown;
    try {
      json = JSON.parse(message.data);
    } catch {
      continue;
    }
    yield json;
    if (message.id) noteId?.(message.id);
  }
}

/** A Dify run stream's events, typed (unknown events named, not dropped). */
export async function* readStreamEvents(stream: ReadableStream<Uint8Array>, noteId?: NoteId) {
  for await (const json of readSseJson(stream, noteId)) yield parseStreamEvent(json);
}
