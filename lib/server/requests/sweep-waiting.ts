import { waitingRequests } from "@/lib/server/requests/settle-request";
import type { Db } from "@/lib/server/store/create-store";

/**
 * One sweep: the waiting requests checked longest ago, at most `perMinute` of them, read one at a
 * time, the i-th no sooner than `i × 60 s / perMinute` after the sweep began: never more reads than
 * the rate allows since the sweep began, and a read that takes long (or a timer that fires late)
 * does not push the rest later, so a full sweep ends within its minute. The queue runs one sweep
 * at a time across all copies, so the rate holds for the whole fleet.
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
  const began = now();
  for (const [index, request] of batch.entries()) {
    const wait = began + index * gapMs - now();
    if (wait > 0) await sleep(wait);
    try {
      await options.refresh(request);
    } catch (error) {
      options.failed?.(error);
    }
  }
  return { read: batch.length };
}
