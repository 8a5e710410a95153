import { and, asc, eq, gt, gte, type SQL } from "drizzle-orm";
import { decodeCursor, encodeCursor } from "@/lib/server/requests/page-cursor";
import type { Db } from "@/lib/server/store/create-store";
import { decisions, requests } from "@/lib/server/store/schema";

export type StoredDecision = typeof decisions.$inferSelect & { runOutcome: string | null };

const isKey = (key: unknown[]): key is [number] => key.length === 1 && Number.isSafeInteger(key[0]);

/** Decisions in the order they were stored, from `since` on: one page and the next cursor. */
export async function listDecisions(
  db: Db,
  query: { since?: Date; cursor?: string; limit: number },
): Promise<{ decisions: StoredDecision[]; nextCursor: string | null }> {
  const where: SQL[] = [];
  if (query.since) where.push(gte(decisions.decidedAt, query.since));
  if (query.cursor) where.push(gt(decisions.id, decodeCursor(query.cursor, isKey)[0]));
  const rows = await db
    .select({ decision: decisions, runOutcome: requests.runOutcome })
    .from(decisions)
    .innerJoin(requests, eq(requests.id, decisions.requestId))
    .where(and(...where))
    .orderBy(asc(decisions.id))
    .limit(query.limit + 1);
  const page = rows
    .slice(0, query.limit)
    .map((row) => ({ ...row.decision, runOutcome: row.runOutcome }));
  const last = page.at(-1);
  return {
    decisions: page,
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.id]) : null,
  };
}
