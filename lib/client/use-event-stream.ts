import { useEffect, useRef, useState } from "react";
import { ApiClientError } from "@/lib/client/api-client-error";
import type { apiStream } from "@/lib/client/api-fetch";

export type Connection = "idle" | "connecting" | "open" | "reconnecting" | "closed";

export async function openEventStream(...args: Parameters<typeof apiStream>) {
  // Loaded as a stream opens: the response reader brings zod, which the first load does without.
  return (await import("@/lib/client/api-fetch")).apiStream(...args);
}

export type EventStreamSource = {
  /** Opens the stream (again, after a drop, when `reconnect`). */
  open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;
  /** Reconnect with backoff until an event says the stream is done; else one pass. */
  reconnect: boolean;
};

export type EventStreamHandlers<E> = {
  read: (body: ReadableStream<Uint8Array>) => AsyncIterable<E>;
  /** A connection opened: what it replays may repeat what was shown. */
  onOpen?: () => void;
  /** `true`: the stream has said all there is (the connection is closed here). */
  onEvent: (event: E) => boolean | void;
  /** The stream failed for good (its connection is closed). */
  onFailure?: (error: Error) => void;
  onConnection: (connection: Connection) => void;
};

/** Whether retrying cannot help: a 4xx, except 429 (live views free up as others close). */
function isFinal(error: unknown): error is ApiClientError {
  return (
    error instanceof ApiClientError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429
  );
}

export function backoffMs(attempt: number): number {
  return Math.min(15_000, 500 * 2 ** Math.min(attempt, 5)) * (0.75 + Math.random() / 2);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

export async function followEventStream<E>(
  source: EventStreamSource,
  handlers: EventStreamHandlers<E>,
  signal: AbortSignal,
  wait: (ms: number, signal: AbortSignal) => Promise<void> = sleep,
): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    if (attempt === 0) handlers.onConnection("connecting");
    let ended = false;
    try {
      // Piped with the signal so that leaving stops a read that is waiting, whoever opened it.
      const body = (await source.open(signal)).pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>(),
        { signal },
      );
      handlers.onConnection("open");
      handlers.onOpen?.();
      for await (const event of handlers.read(body)) {
        attempt = 0;
        if (handlers.onEvent(event) === true) {
          // Some servers keep the stream open after the run ends: close it here.
          ended = true;
          break;
        }
      }
      ended ||= !source.reconnect;
    } catch (error) {
      if (signal.aborted) return;
      if (!source.reconnect || isFinal(error)) {
        handlers.onFailure?.(error instanceof Error ? error : new Error(String(error)));
        return;
      }
    }
    if (signal.aborted) return;
    if (ended) {
      handlers.onConnection("closed");
      return;
    }
    attempt++;
    handlers.onConnection("reconnecting");
    await wait(backoffMs(attempt), signal);
  }
}

/** Follows `source` while it is set (keep it stable with useMemo), with the latest handlers. */
export function useEventStream<E>({
  source,
  ...handlers
}: { source: EventStreamSource | null } & Omit<EventStreamHandlers<E>, "onConnection">) {
  // Kept with the source it belongs to: a new source starts from "connecting", not from where
  // the last one ended.
  const [status, setStatus] = useState<{
    of: EventStreamSource;
    connection: Connection;
    failure: Error | null;
  } | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!source) return;
    const controller = new AbortController();
    const set = (connection: Connection, failure: Error | null = null) =>
      setStatus({ of: source, connection, failure });
    void followEventStream(
      source,
      {
        read: (body) => latest.current.read(body),
        onOpen: () => latest.current.onOpen?.(),
        onEvent: (event) => latest.current.onEvent(event),
        onFailure: (error) => {
          set("closed", error);
          latest.current.onFailure?.(error);
        },
        onConnection: (connection) => set(connection),
      },
      controller.signal,
    );
    return () => controller.abort();
  }, [source]);

  if (!source) return { connection: "idle" as Connection, failure: null };
  if (status?.of !== source) return { connection: "connecting" as Connection, failure: null };
  return { connection: status.connection, failure: status.failure };
}
