import { waitingRequests } from "@/lib/server/requests/settle-request";
import type { Db } from "@/lib/server/store/create-store";

/**
 * One sweep: the waiting requests checked longest ago, at most `perMinute` of them, refreshed one
 * at a time `60 s / perMinute` apart, so the sweep never reads Dify faster than its rate. The
 * queue runs one sweep at a time across all copies, so the rate holds for the whole fleet.
 */
export async function sweepWaiting(
  db: Db,
  options: {
    perMinute: number;
    refresh: (request: { id: string; formToken: string }) => Promise<unknown>;
    failed?: (error: unknown) => void;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<{ read: number }> {
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const gapMs = 60_000 / options.perMinute;
  const batch = await waitingRequests(db, options.perMinute);
  for (const [index, request] of batch.entries()) {
    if (index > 0) await sleep(gapMs);
    try {
      await options.refresh(request);
    } catch (error) {
      options.failed?.(error);
    }
  }
  return { read: batch.length };
}
