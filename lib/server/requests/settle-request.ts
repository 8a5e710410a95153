import { and, asc, eq, isNull, notExists, sql } from "drizzle-orm";
import type { RequestStatus } from "@/lib/requests/request-status";
import type { Db } from "@/lib/server/store/create-store";
import { decisions, requests } from "@/lib/server/store/schema";

/**
 * Moves a waiting request to `status` (forward only; `answered_elsewhere` only while no decision
 * of this app exists for it), or, with `waiting`, notes that it was checked. True if it moved.
 */
export async function settleRequest(
  db: Db,
  id: string,
  status: Exclude<RequestStatus, "answered">,
): Promise<boolean> {
  const now = new Date();
  if (status === "waiting") {
    await db.update(requests).set({ checkedAt: now }).where(eq(requests.id, id));
    return false;
  }
  const conditions = [eq(requests.id, id), eq(requests.status, "waiting")];
  if (status === "answered_elsewhere") {
    conditions.push(
      notExists(
        db
          .select({ one: sql`1` })
          .from(decisions)
          .where(eq(decisions.requestId, id)),
      ),
    );
  }
  const moved = await db
    .update(requests)
    .set({ status, checkedAt: now, updatedAt: now })
    .where(and(...conditions))
    .returning({ id: requests.id });
  return moved.length > 0;
}

/** How a followed run ended, on each of its requests (once). */
export async function noteRunOutcome(db: Db, runId: string, outcome: string): Promise<void> {
  await db
    .update(requests)
    .set({ runOutcome: outcome, updatedAt: new Date() })
    .where(and(eq(requests.runId, runId), isNull(requests.runOutcome)));
}

/** The waiting requests checked longest ago (never checked first), at most `limit`. */
export async function waitingRequests(db: Db, limit: number) {
  return db
    .select({ id: requests.id, formToken: requests.formToken })
    .from(requests)
    .where(eq(requests.status, "waiting"))
    .orderBy(sql`${requests.checkedAt} asc nulls first`, asc(requests.createdAt))
    .limit(limit);
}

/** The waiting requests of a run. */
export async function waitingRequestsOfRun(db: Db, runId: string, limit: number) {
  return db
    .select({ id: requests.id, formToken: requests.formToken })
    .from(requests)
    .where(and(eq(requests.runId, runId), eq(requests.status, "waiting")))
    .limit(limit);
}
