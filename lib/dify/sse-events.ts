import { createParser, type EventSourceMessage } from "eventsource-parser";
import { parseStreamEvent } from "@/lib/dify/browser-schemas";

// The SSE reader of browser and server alike: the run view, the launcher's start stream, the
// server's own reads of the upstream and the e2e fixtures all read SSE here. The framing is
// eventsource-parser's (the WHATWG rules): `data:x` and `data: x`, LF, CR or CRLF, comments
// (`: ping`), `event:`/`id:`/`retry:` lines, multi-line data, and events split across network
// chunks anywhere, even inside a multi-byte character.

export type { EventSourceMessage };

/**
 * The SSE splitter: text in (in pieces, split anywhere), each whole message out. With
 * `maxBufferSize`, an event that grows past that many characters without ending is refused
 * (`onTooLarge`) and nothing more is read.
 */
export function createSseSplitter(options: {
  onEvent: (message: EventSourceMessage) => void;
  maxBufferSize?: number;
  onTooLarge?: () => void;
}) {
  return createParser({
    onEvent: options.onEvent,
    maxBufferSize: options.maxBufferSize,
    onError: (error) => {
      if (error.type === "max-buffer-size-exceeded") options.onTooLarge?.();
    },
  });
}

/** One event's JSON as SSE: JSON.stringify writes no line break, so one `data:` line. */
export function encodeSseEvent(json: unknown): string {
  return `data: ${JSON.stringify(json)}\n\n`;
}

/**
 * Bytes → SSE messages. Unlike a browser's EventSource, an event the body ends on without its
 * blank line is still delivered: the body ended cleanly (a cut connection errors the read
 * instead), so the event is whole.
 */
function sseMessageStream(): TransformStream<string, EventSourceMessage> {
  let parser: ReturnType<typeof createParser> | undefined;
  return new TransformStream({
    start(controller) {
      parser = createSseSplitter({ onEvent: (message) => controller.enqueue(message) });
    },
    transform(chunk) {
      parser?.feed(chunk);
    },
    flush() {
      parser?.feed("\n\n");
    },
  });
}

/** Each SSE message of a body; the body is cancelled when the caller stops early. */
export async function* readSse(stream: ReadableStream<Uint8Array>) {
  const messages = stream
    .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
    .pipeThrough(sseMessageStream());
  const reader = messages.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Cancelling releases the upstream connection when a caller stops early.
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * Each event's JSON payload, unparsed: for streams that carry events of their own as well. Dify's
 * keep-alives (`event: ping` without data) carry nothing; data that is not JSON is skipped
 * rather than fatal.
 */
export async function* readSseJson(stream: ReadableStream<Uint8Array>) {
  for await (const message of readSse(stream)) {
    if (!message.data.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(message.data);
    } catch {
      continue;
    }
    yield json;
  }
}

/** A Dify run stream's events, typed (unknown events named, not dropped). */
export async function* readStreamEvents(stream: ReadableStream<Uint8Array>) {
  for await (const json of readSseJson(stream)) yield parseStreamEvent(json);
}
