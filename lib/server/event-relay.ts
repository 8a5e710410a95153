import "server-only";
import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { createFormTokenRedactor } from "@/lib/server/redact-form-tokens";

// Relays an upstream SSE body to the browser chunk by chunk: no buffering, a keep-alive comment
// when the upstream is quiet (so proxies on the way keep the connection), and the upstream request
// aborted the moment the browser goes away. With `ownToken`, every other form's token is nulled on
// the way (lib/server/redact-form-tokens.ts); everything else passes byte for byte. One relay, two
// ends: a Node response (the form routes, lib/server/node-route.ts) or a web stream (Next's routes).

const KEEP_ALIVE = Buffer.from(": keep-alive\n\n");

const ignore = () => undefined;

const retryLine = (ms: number) => Buffer.from(`retry: ${Math.round(ms)}\n\n`);

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  // Tells nginx-style proxies not to buffer the response.
  "X-Accel-Buffering": "no",
} as const;

export type RelayOptions = {
  keepAliveMs?: number;
  /** The link's own form token: every other one becomes null before it leaves. */
  ownToken?: string;
  /** The server ends the stream when this aborts (shutdown, link expiry; lib/server/open-streams). */
  end?: AbortSignal;
  /** Called once when the stream is over, however it ended. */
  onEnd?: () => void;
};

/** Where relayed bytes go. */
type RelaySink = {
  /** False when the receiver wants nothing more for now: the relay waits for `resume()`. */
  write(bytes: Uint8Array): boolean;
  /** The stream is over (after the last write). */
  close(): void;
};

type Relay = {
  /** The receiver wants more. */
  resume: () => void;
  /** The browser went away: stop without writing. */
  cancel: () => void;
};

function startRelay(
  source: Readable,
  sink: RelaySink,
  abortUpstream: () => void,
  options: RelayOptions,
): Relay {
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const redactor =
    options.ownToken === undefined ? null : createFormTokenRedactor(options.ownToken);
  let lastSent = Date.now();
  let ended = false;

  const onData = (chunk: Buffer) => {
    const bytes = redactor ? redactor.push(chunk) : chunk;
    // An event still incomplete is held back until the rest of it arrives.
    if (bytes.length === 0) return;
    lastSent = Date.now();
    if (!sink.write(bytes)) source.pause();
  };
  const onSourceEnd = () => {
    const rest = redactor?.flush();
    if (rest?.length) sink.write(rest);
    finish(true);
  };
  // The upstream broke off mid-stream: end ours cleanly; the browser sees no final event and
  // reconnects with a snapshot.
  const onBroken = () => {
    abortUpstream();
    finish(true);
  };
  const endByServer = () => {
    const reason = options.end?.reason as { retryMs?: number } | undefined;
    // `retry:` tells the browser when to reconnect: on shutdown, to another copy.
    if (!ended && reason?.retryMs) sink.write(retryLine(reason.retryMs));
    abortUpstream();
    finish(true);
  };
  const timer = setInterval(
    () => {
      if (Date.now() - lastSent < keepAliveMs) return;
      lastSent = Date.now();
      sink.write(KEEP_ALIVE);
    },
    Math.max(250, Math.floor(keepAliveMs / 3)),
  );

  function finish(closeSink: boolean) {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    source.off("data", onData).off("end", onSourceEnd).off("error", onBroken);
    source.off("close", onBroken);
    options.end?.removeEventListener("abort", endByServer);
    // Destroying the upstream body closes its connection (after its end this is a no-op); undici
    // reports that as an error, which nobody needs to hear.
    source.on("error", ignore);
    source.destroy();
    if (closeSink) sink.close();
    options.onEnd?.();
  }

  source.on("data", onData).on("end", onSourceEnd).on("error", onBroken);
  // A body destroyed without an end or an error (its connection closed under it).
  source.on("close", onBroken);
  if (options.end?.aborted) endByServer();
  else options.end?.addEventListener("abort", endByServer, { once: true });
  return {
    resume: () => {
      if (!ended) source.resume();
    },
    cancel: () => {
      if (ended) return;
      abortUpstream();
      finish(false);
    },
  };
}

function asNodeStream(upstream: Readable | ReadableStream<Uint8Array>): Readable {
  return upstream instanceof Readable
    ? upstream
    : Readable.fromWeb(upstream as NodeWebReadableStream<Uint8Array>);
}

/** Relays `upstream` into a Node response whose headers are out (SSE_HEADERS). */
export function relayEventsTo(
  res: ServerResponse,
  upstream: Readable,
  abortUpstream: () => void,
  options: RelayOptions = {},
): void {
  const relay = startRelay(
    upstream,
    {
      write: (bytes) => res.write(bytes),
      close: () => res.end(),
    },
    abortUpstream,
    options,
  );
  res.on("drain", relay.resume);
  // The browser went away (or the answer ended): `close` comes either way; cancel is a no-op
  // once the relay has ended.
  if (res.destroyed || !res.socket || res.socket.destroyed) relay.cancel();
  else res.once("close", relay.cancel);
}

/** Relays `upstream` as a web stream, for a response of Next's. */
export function relayEventStream(
  upstream: Readable | ReadableStream<Uint8Array>,
  abortUpstream: () => void,
  options: RelayOptions = {},
): ReadableStream<Uint8Array> {
  let relay: Relay | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        relay = startRelay(
          asNodeStream(upstream),
          {
            write(bytes) {
              if (!open) return false;
              controller.enqueue(bytes);
              return (controller.desiredSize ?? 0) > 0;
            },
            close() {
              if (!open) return;
              open = false;
              controller.close();
            },
          },
          abortUpstream,
          options,
        );
      },
      // Pulled only when Next asks for more: what arrives meanwhile waits in the Node buffer.
      pull() {
        relay?.resume();
      },
      cancel() {
        relay?.cancel();
      },
    },
    { highWaterMark: 0 },
  );
}
