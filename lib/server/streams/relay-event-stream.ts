import "server-only";
import { getEnv } from "@/lib/server/env";
import type { Readable } from "node:stream";
import { createParser } from "eventsource-parser";
import { encodeSseEvent } from "@/lib/dify/sse-events";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors/error-code";
import { acquireStreamSlot, type StreamHolder } from "@/lib/server/streams/acquire-stream-slot";

const KEEP_ALIVE = Buffer.from(": keep-alive\n\n");

export type EventTransform = {
  apply(event: unknown): readonly unknown[];
  /** The upstream ended cleanly, or broke off: events to send last. */
  finish?(how: "ended" | "broken"): readonly unknown[];
};

/** Two relay transforms as one: `second` sees what `first` sends. */
export function chainEventTransforms(
  first: EventTransform,
  second: EventTransform,
): EventTransform {
  return {
    apply: (event) => first.apply(event).flatMap((out) => second.apply(out)),
    finish: (how) => [
      ...(first.finish?.(how) ?? []).flatMap((out) => second.apply(out)),
      ...(second.finish?.(how) ?? []),
    ],
  };
}

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  // Tells nginx-style proxies not to buffer the response.
  "X-Accel-Buffering": "no",
} as const;

export type RelayOptions = {
  transform: EventTransform;
  keepAliveMs?: number;
  /** Largest event, in characters: past it the stream ends with an error. */
  maxEventChars?: number;
  /** The server ends the stream when this aborts (shutdown, link expiry). */
  end?: AbortSignal;
  onEnd?: () => void;
};

export function streamError(code: ErrorCode, message: string) {
  return { event: "error", status: ERROR_STATUS[code], code, message };
}

/** Relays `upstream` as a web stream for a Response; `abortUpstream` closes the upstream request. */
export function relayEventStream(
  upstream: Readable,
  abortUpstream: () => void,
  options: RelayOptions,
): ReadableStream<Uint8Array> {
  const keepAliveMs = options.keepAliveMs ?? getEnv().limits.relayKeepAliveMs;
  const decoder = new TextDecoder();
  let out = "";
  let tooLarge = false;
  const splitter = createParser({
    onEvent: (message) => {
      // Keep-alives are the relay's job; data that is not JSON the browser skips, so it is not sent.
      let json: unknown;
      try {
        json = JSON.parse(message.data);
      } catch {
        return;
      }
      // The upstream's event id goes with the last event it became, so a reconnect resumes
      // right after everything this one event gave.
      const events = options.transform.apply(json);
      events.forEach((event, index) => {
        out += encodeSseEvent(event, index === events.length - 1 ? message.id : undefined);
      });
    },
    maxBufferSize: options.maxEventChars ?? getEnv().limits.relayMaxEventChars,
    onError: (error) => {
      if (error.type === "max-buffer-size-exceeded") tooLarge = true;
    },
  });
  let lastSent = Date.now();
  let ended = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const send = (bytes: Uint8Array) => {
    if (ended || bytes.length === 0) return;
    lastSent = Date.now();
    controller.enqueue(bytes);
    // Paused only when a chunk waits unread (a read taken at once leaves the size at 0); resumed
    // when Next asks for more, so what arrives meanwhile waits in the Node buffer.
    if ((controller.desiredSize ?? 0) < 0) upstream.pause();
  };
  const sendOut = () => {
    // Buffer.from, not TextEncoder: Node 20's TextEncoder is many times slower on small strings.
    send(Buffer.from(out));
    out = "";
  };
  const onData = (chunk: Buffer) => {
    splitter.feed(decoder.decode(chunk, { stream: true }));
    if (!tooLarge) return sendOut();
    // What this chunk held before the event that outgrew the limit is dropped with it.
    out = encodeSseEvent(
      streamError("upstream_bad_response", "An event of the run was too large to relay."),
    );
    sendOut();
    abortUpstream();
    finish(true);
  };
  /** The rest at the upstream's end: an event without its blank line is whole all the same. */
  const flush = (how: "ended" | "broken") => {
    if (how === "ended" && !tooLarge) splitter.feed("\n\n");
    for (const event of options.transform.finish?.(how) ?? []) out += encodeSseEvent(event);
    sendOut();
  };
  const onSourceEnd = () => {
    flush("ended");
    finish(true);
  };
  // The upstream broke off: end ours cleanly; the browser sees no final event and reconnects.
  const onBroken = () => {
    if (!ended) flush("broken");
    abortUpstream();
    finish(true);
  };
  const endByServer = () => {
    const reason = options.end?.reason as { retryMs?: number } | undefined;
    // `retry:` tells the browser when to reconnect: on shutdown, to another copy.
    if (reason?.retryMs) send(Buffer.from(`retry: ${Math.round(reason.retryMs)}\n\n`));
    abortUpstream();
    finish(true);
  };

  function finish(closeStream: boolean) {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    upstream.off("data", onData).off("end", onSourceEnd).off("error", onBroken);
    upstream.off("close", onBroken);
    options.end?.removeEventListener("abort", endByServer);
    // Destroying the body closes its connection; undici reports that as an error nobody needs.
    upstream.on("error", () => undefined);
    upstream.destroy();
    if (closeStream) controller.close();
    options.onEnd?.();
  }

  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        timer = setInterval(
          () => {
            if (Date.now() - lastSent >= keepAliveMs) send(KEEP_ALIVE);
          },
          Math.max(250, Math.floor(keepAliveMs / 3)),
        );
        upstream.on("data", onData).on("end", onSourceEnd).on("error", onBroken);
        // A body destroyed without an end or an error (its connection closed under it).
        upstream.on("close", onBroken);
        if (options.end?.aborted) endByServer();
        else options.end?.addEventListener("abort", endByServer, { once: true });
      },
      pull() {
        if (!ended) upstream.resume();
      },
      cancel() {
        if (ended) return;
        abortUpstream();
        finish(false);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The stream `open` starts, relayed in a stream slot; `endWithLease`: it ends with the lease. */
export async function leasedEventStream(
  request: Request,
  holder: StreamHolder,
  open: (signal: AbortSignal) => Promise<{ upstream: Readable; transform: EventTransform }>,
  endWithLease = false,
): Promise<Response> {
  const lease = await acquireStreamSlot(holder);
  const upstreamAbort = new AbortController();
  request.signal.addEventListener("abort", () => upstreamAbort.abort(), { once: true });
  let opened;
  try {
    opened = await open(upstreamAbort.signal);
  } catch (error) {
    lease.release();
    throw error;
  }
  return new Response(
    relayEventStream(opened.upstream, () => upstreamAbort.abort(), {
      transform: opened.transform,
      end: endWithLease ? lease.signal : undefined,
      onEnd: () => lease.release(),
    }),
    { status: 200, headers: SSE_HEADERS },
  );
}
