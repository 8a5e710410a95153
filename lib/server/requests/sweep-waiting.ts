import { waitingRequests } from "@/lib/server/requests/settle-request";
import type { Db } from "@/lib/server/store/create-store";

/**
 * One sweep: the waiting requests checked longest ago, at most `perMinute` of them, each read
 * starting `60 s / perMinute` after the previous read started (a read's own time is part of its
 * gap, so a full sweep ends within its minute), so the sweep never reads Dify faster than its
 * rate. The queue runs one sweep at a time across all copies, so the rate holds for the whole
 * fleet.
 */
export async function sweepWaiting(
  db: Db,
  options: {
    perMinute: number;
    refresh: (request: { id: string; formToken: string }) => Promise<unknown>;
    failed?: (error: unknown) => void;
    sleep?: (ms: number) => Promise<void>;
    now?: () => number;
  },
): Promise<{ read: number }> {
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? (() => performance.now());
  const gapMs = 60_000 / options.perMinute;
  const batch = await waitingRequests(db, options.perMinute);
  let lastStart = 0;
  for (const [index, request] of batch.entries()) {
    if (index > 0) {
      const wait = lastStart + gapMs - now();
      if (wait > 0) await sleep(wait);
    }
    lastStart = now();
    try {
      await options.refresh(request);
    } catch (error) {
      options.failed?.(error);
    }
  }
  return { read: batch.length };
}
