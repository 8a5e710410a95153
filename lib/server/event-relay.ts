import "server-only";
import { createFormTokenRedactor } from "@/lib/server/redact-form-tokens";

// Relays an upstream SSE body to the browser chunk by chunk: no buffering, a keep-alive comment
// when the upstream is quiet (so proxies on the way keep the connection), and the upstream request
// aborted the moment the browser goes away. With `ownToken`, every other form's token is nulled on
// the way (lib/server/redact-form-tokens.ts); everything else passes byte for byte.

const KEEP_ALIVE = new TextEncoder().encode(": keep-alive\n\n");

const retryLine = (ms: number) => new TextEncoder().encode(`retry: ${Math.round(ms)}\n\n`);

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  // Tells nginx-style proxies not to buffer the response.
  "X-Accel-Buffering": "no",
} as const;

export function relayEventStream(
  upstream: ReadableStream<Uint8Array>,
  abortUpstream: () => void,
  options: {
    keepAliveMs?: number;
    /** The link's own form token: every other one becomes null before it leaves. */
    ownToken?: string;
    /** The server ends the stream when this aborts (shutdown, link expiry; lib/server/open-streams). */
    end?: AbortSignal;
    /** Called once when the stream is over, however it ended. */
    onEnd?: () => void;
  } = {},
): ReadableStream<Uint8Array> {
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const redactor =
    options.ownToken === undefined ? null : createFormTokenRedactor(options.ownToken);
  const reader = upstream.getReader();
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastSent = Date.now();
  let ended = false;

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    if (!ended) {
      ended = true;
      options.onEnd?.();
    }
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const endByServer = () => {
        if (ended) return;
        const reason = options.end?.reason as { retryMs?: number } | undefined;
        try {
          // `retry:` tells the browser when to reconnect: on shutdown, to another copy.
          if (reason?.retryMs) controller.enqueue(retryLine(reason.retryMs));
          controller.close();
        } catch {
          // Already closed: the browser went away first.
        }
        stop();
        abortUpstream();
        void reader.cancel().catch(() => undefined);
      };
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
      if (options.end?.aborted) endByServer();
      else options.end?.addEventListener("abort", endByServer, { once: true });
    },
    async pull(controller) {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (ended) return;
          if (done) {
            stop();
            const rest = redactor?.flush();
            if (rest?.length) controller.enqueue(rest);
            controller.close();
            return;
          }
          const bytes = redactor ? redactor.push(value) : value;
          // An event still incomplete is held back: read on for the rest of it.
          if (bytes.length === 0) continue;
          lastSent = Date.now();
          controller.enqueue(bytes);
          return;
        }
      } catch {
        // The upstream broke off mid-stream: end ours cleanly; the browser sees no final event
        // and reconnects with a snapshot.
        if (ended) return;
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
