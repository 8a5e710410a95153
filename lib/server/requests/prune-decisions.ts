import { inArray, lt } from "drizzle-orm";
import type { Db } from "@/lib/server/store/create-store";
import { decisions } from "@/lib/server/store/schema";

/** Rows removed per statement, so one prune never holds a long lock on a large table. */
const BATCH = 5_000;

/** Removes decisions older than `days`, in batches; returns how many went. */
export async function pruneDecisions(db: Db, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const old = db
      .select({ id: decisions.id })
      .from(decisions)
      .where(lt(decisions.decidedAt, before))
      .limit(BATCH);
    const removed = await db
      .delete(decisions)
      .where(inArray(decisions.id, old))
      .returning({ id: decisions.id });
    total += removed.length;
    if (removed.length < BATCH) return total;
  }
}
