import "server-only";
import { processState } from "@/lib/server/ops/process-state";

// The process's open event streams: limits count them, shutdown and link expiry end them.

export type StreamEndReason = { kind: "shutdown"; retryMs: number } | { kind: "expired" };

export type StreamLease = {
  /** Aborted, with a StreamEndReason as its reason, when the server ends the stream. */
  readonly signal: AbortSignal;
  /** Frees the slot; idempotent. */
  release(): void;
};

export type StreamRefusal = {
  refused: "per_link" | "per_visitor" | "per_address" | "per_launch" | "per_process";
};

export type StreamBound = {
  key: string;
  max: number;
  refused: Exclude<StreamRefusal["refused"], "per_process">;
};

type Entry = { keys: string[]; controller: AbortController; timer?: ReturnType<typeof setTimeout> };

type Registry = { all: Set<Entry>; byKey: Map<string, Set<Entry>> };

function registry(): Registry {
  return processState<Registry>("open-streams", () => ({ all: new Set(), byKey: new Map() }));
}

// setTimeout takes at most 2^31-1 ms (about 24.8 days); longer delays would fire at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

function endAt(entry: Entry, atMs: number) {
  const delay = atMs - Date.now();
  if (delay <= 0) {
    entry.controller.abort({ kind: "expired" } satisfies StreamEndReason);
    return;
  }
  entry.timer = setTimeout(() => endAt(entry, atMs), Math.min(delay, MAX_TIMER_MS));
  // An expiry far ahead must not keep the process alive on its own.
  entry.timer.unref?.();
}

/** A slot counted under each of `bounds` and the process, or the limit that refuses it. */
export function acquireStream(options: {
  bounds: StreamBound[];
  perProcess: number;
  expiresAtMs?: number;
}): StreamLease | StreamRefusal {
  const { all, byKey } = registry();
  for (const bound of options.bounds) {
    if ((byKey.get(bound.key)?.size ?? 0) >= bound.max) return { refused: bound.refused };
  }
  if (all.size >= options.perProcess) return { refused: "per_process" };

  const keys = [...new Set(options.bounds.map((bound) => bound.key))];
  const entry: Entry = { keys, controller: new AbortController() };
  all.add(entry);
  for (const key of keys) byKey.set(key, (byKey.get(key) ?? new Set()).add(entry));
  if (options.expiresAtMs !== undefined) endAt(entry, options.expiresAtMs);

  let released = false;
  return {
    signal: entry.controller.signal,
    release() {
      if (released) return;
      released = true;
      if (entry.timer) clearTimeout(entry.timer);
      all.delete(entry);
      for (const key of entry.keys) {
        const set = byKey.get(key);
        set?.delete(entry);
        if (set?.size === 0) byKey.delete(key);
      }
    },
  };
}

export function openStreamCount(): number {
  return registry().all.size;
}

/** Ends every open stream with a hint to reconnect after `retryMs` (to another copy). */
export function endAllStreams(retryMs: number): number {
  const entries = [...registry().all];
  for (const entry of entries) {
    entry.controller.abort({ kind: "shutdown", retryMs } satisfies StreamEndReason);
  }
  return entries.length;
}
