import type { DecisionRecord } from "@/lib/server/requests/decision-record";

// The answer has gone to Dify before a decision is written: its write never holds the answer up.
// A failed write is retried after each delay; when every retry failed, or too many writes already
// wait, the record is handed to `unrecorded` whole (a log line an operator replays).

export type DecisionWriter = {
  /** Resolves when the record is stored or handed to `unrecorded`; never rejects. */
  keep(record: DecisionRecord): Promise<"stored" | "unrecorded">;
  /** Writes waiting for a retry now. */
  pending(): number;
  /** Hands every write still waiting to `unrecorded` (the process is stopping). */
  abandon(reason: string): void;
};

export function createDecisionWriter(options: {
  write: (record: DecisionRecord) => Promise<void>;
  delaysMs: readonly number[];
  pendingMax: number;
  unrecorded: (record: DecisionRecord, reason: string) => void;
  failed?: (error: unknown) => void;
  sleep?: (ms: number) => Promise<void>;
}): DecisionWriter {
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const waiting = new Set<DecisionRecord>();

  async function keep(record: DecisionRecord): Promise<"stored" | "unrecorded"> {
    let reason = "";
    for (let attempt = 0; ; attempt++) {
      try {
        await options.write(record);
        return "stored";
      } catch (error) {
        options.failed?.(error);
        reason = error instanceof Error ? error.message : String(error);
      }
      const delay = options.delaysMs[attempt];
      if (delay === undefined) break;
      // Bounded: past `pendingMax` waiting writes, memory is not spent on one more.
      if (waiting.size >= options.pendingMax) {
        reason = `${reason} (${options.pendingMax} decisions already wait for the store)`;
        break;
      }
      waiting.add(record);
      try {
        await sleep(delay);
      } finally {
        waiting.delete(record);
      }
    }
    options.unrecorded(record, reason);
    return "unrecorded";
  }

  function abandon(reason: string) {
    for (const record of waiting) options.unrecorded(record, reason);
    waiting.clear();
  }

  return { keep, pending: () => waiting.size, abandon };
}
