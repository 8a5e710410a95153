import type { ServerResponse } from "node:http";
import type { EmbeddedStore, OpenStream, RunEvent } from "./store";

export interface SseStream {
  /** `id`: the event's place in the run's log (an `id:` line), as a Redis Streams server sends. */
  send(event: RunEvent, id?: string): void;
  end(): void;
  onClose(callback: () => void): void;
  readonly closed: boolean;
}

export interface SseOptions {
  pingIntervalMs: number;
  idleTimeoutMs: number;
  runId?: string;
}

// Opens an SSE response framed like Dify's: `event: ping` keep-alives, `data: <json>` events.
// Every timer and subscription is released when the response closes, including client aborts
// and POST /_embedded/streams/drop, which destroys the connection without a final event.
export function openSseStream(
  res: ServerResponse,
  { store, ...options }: SseOptions & { store: EmbeddedStore },
): SseStream {
  res.writeHead(200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  res.write("event: ping\n\n");

  const callbacks: (() => void)[] = [];
  let closed = false;
  const ping = setInterval(() => res.write("event: ping\n\n"), options.pingIntervalMs);
  let idle = setTimeout(() => stream.end(), options.idleTimeoutMs);

  const cleanup = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    clearTimeout(idle);
    store.streamClosed(handle);
    for (const callback of callbacks) callback();
  };
  // `close` on the response fires both after end() and when the client goes away.
  res.on("close", cleanup);
  const handle: OpenStream = {
    runId: options.runId,
    drop() {
      // Cleanup first, so the open count is already lower when the drop request answers.
      cleanup();
      res.destroy();
    },
  };
  store.streamOpened(handle);

  const stream: SseStream = {
    send(event, id) {
      if (closed) return;
      res.write(`${id ? `id: ${id}\n` : ""}data: ${JSON.stringify(event)}\n\n`);
      clearTimeout(idle);
      idle = setTimeout(() => stream.end(), options.idleTimeoutMs);
    },
    end() {
      cleanup();
      if (!res.writableEnded) res.end();
    },
    onClose(callback) {
      if (closed) callback();
      else callbacks.push(callback);
    },
    get closed() {
      return closed;
    },
  };
  return stream;
}
