import type { Db } from "@/lib/server/store/create-store";
import {
  claimDueMessages,
  findLostMessages,
  type MessageKey,
} from "@/lib/server/notify/plan-messages";

// NOTE: no `server-only`: unit tests run it on PGlite and PostgreSQL.

/**
 * One planning pass: claims the messages due and queues a send for each, then queues again the
 * sends of messages left unsent and never tried past `lostAfterSeconds` (the queue could not take
 * them). The queue keeps one send per message waiting and one running, so a send queued twice
 * runs once after the other, and the second finds the message sent.
 */
export async function planPass(
  db: Db,
  options: {
    offsets: readonly number[];
    now: Date;
    limit: number;
    lostAfterSeconds: number;
    enqueue: (key: MessageKey) => Promise<boolean>;
  },
): Promise<{ claimed: number; requeued: number }> {
  const claimed = await claimDueMessages(db, options);
  for (const key of claimed) await options.enqueue(key);
  const lost = await findLostMessages(db, {
    now: options.now,
    olderThanSeconds: options.lostAfterSeconds,
    limit: options.limit,
  });
  for (const key of lost) await options.enqueue(key);
  return { claimed: claimed.length, requeued: lost.length };
}
