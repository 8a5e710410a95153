import "server-only";

// Relays an upstream SSE body to the browser chunk by chunk: no buffering, a keep-alive comment
// when the upstream is quiet (so proxies on the way keep the connection), and the upstream request
// aborted the moment the browser goes away.

const KEEP_ALIVE = new TextEncoder().encode(": keep-alive\n\n");

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  // Tells nginx-style proxies not to buffer the response.
  "X-Accel-Buffering": "no",
} as const;

export function relayEventStream(
  upstream: ReadableStream<Uint8Array>,
  abortUpstream: () => void,
  options: { keepAliveMs?: number } = {},
): ReadableStream<Uint8Array> {
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const reader = upstream.getReader();
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastSent = Date.now();

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(
        () => {
          if (Date.now() - lastSent >= keepAliveMs) {
            try {
              controller.enqueue(KEEP_ALIVE);
              lastSent = Date.now();
            } catch {
              stop();
            }
          }
        },
        Math.max(250, Math.floor(keepAliveMs / 3)),
      );
    },
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          stop();
          controller.close();
          return;
        }
        lastSent = Date.now();
        controller.enqueue(value);
      } catch {
        // The upstream broke off mid-stream: end ours cleanly; the browser sees no final event
        // and reconnects with a snapshot.
        stop();
        abortUpstream();
        controller.close();
      }
    },
    async cancel() {
      stop();
      abortUpstream();
      await reader.cancel().catch(() => undefined);
    },
  });
}
