import "server-only";
import type { Readable } from "node:stream";
import { createParser } from "eventsource-parser";
import { EVENT_CURSOR } from "@/lib/dify/sse-events";
import type { EventTransform } from "@/lib/server/streams/relay-event-stream";

/** Whether event id `id` comes after `cursor` (both Redis Stream ids, `ms-seq`). */
function after(id: string, cursor: string): boolean {
  const [idMs = 0n, idSeq = 0n] = id.split("-").map(BigInt);
  const [ms = 0n, seq = 0n] = cursor.split("-").map(BigInt);
  return idMs > ms || (idMs === ms && idSeq > seq);
}

/**
 * Feeds `transform` the run's log from its start through `cursor`, sending nothing, so a
 * reconnect's transform knows what it would have known had it seen the whole stream. Stops at
 * the cursor, at an event past it, at the log's end, or when `signal` aborts; `log` is destroyed.
 */
export async function seedFromLog(
  log: Readable,
  cursor: string,
  transform: EventTransform,
  options: { signal: AbortSignal; maxEventChars: number },
): Promise<void> {
  let done = false;
  const parser = createParser({
    onEvent: (message) => {
      if (done) return;
      const id = message.id && EVENT_CURSOR.test(message.id) ? message.id : undefined;
      if (id && after(id, cursor)) {
        done = true;
        return;
      }
      try {
        transform.apply(JSON.parse(message.data));
      } catch {
        // Data that is not JSON the relay skips too.
      }
      if (id === cursor) done = true;
    },
    maxBufferSize: options.maxEventChars,
    onError: () => {
      done = true;
    },
  });
  const decoder = new TextDecoder();
  const stop = () => log.destroy();
  options.signal.addEventListener("abort", stop, { once: true });
  try {
    for await (const chunk of log) {
      parser.feed(
        typeof chunk === "string" ? chunk : decoder.decode(chunk as Buffer, { stream: true }),
      );
      if (done || options.signal.aborted) break;
    }
  } catch {
    // A log that breaks off seeds what it gave.
  } finally {
    options.signal.removeEventListener("abort", stop);
    log.on("error", () => undefined);
    log.destroy();
  }
}
