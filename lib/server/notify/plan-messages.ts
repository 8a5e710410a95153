import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/store/create-store";
import { recipients, requests } from "@/lib/server/store/schema";
import { messages } from "@/lib/server/notify/messages-table";

// NOTE: no `server-only`: unit tests run it on PGlite.

export type MessageKey = {
  requestId: string;
  recipient: string;
  kind: "arrival" | "reminder";
  offsetSeconds: number;
};

/**
 * The messages due now, claimed: an arrival for each recipient of a waiting request, and each
 * reminder whose moment (expiry minus its offset) has come, if the request was there before it.
 * Only the keys this call inserted come back: a key another copy claimed is not sent twice.
 */
export async function claimDueMessages(
  db: Db,
  options: { offsets: readonly number[]; now: Date; limit: number },
): Promise<MessageKey[]> {
  const open = and(
    eq(requests.status, "waiting"),
    or(isNull(requests.expiresAt), gt(requests.expiresAt, options.now)),
  );
  const unsent = (kind: string, offset: number) =>
    sql`not exists (select 1 from ${messages} where ${messages.requestId} = ${recipients.requestId} and ${messages.recipient} = ${recipients.recipient} and ${messages.kind} = ${kind} and ${messages.offsetSeconds} = ${offset})`;
  const due: MessageKey[] = [];
  const arrivals = await db
    .select({ requestId: recipients.requestId, recipient: recipients.recipient })
    .from(recipients)
    .innerJoin(requests, eq(recipients.requestId, requests.id))
    .where(and(open, unsent("arrival", 0)))
    .limit(options.limit);
  due.push(...arrivals.map((row) => ({ ...row, kind: "arrival" as const, offsetSeconds: 0 })));
  for (const offset of options.offsets) {
    const moment = sql`${requests.expiresAt} - make_interval(secs => ${offset})`;
    const rows = await db
      .select({ requestId: recipients.requestId, recipient: recipients.recipient })
      .from(recipients)
      .innerJoin(requests, eq(recipients.requestId, requests.id))
      .where(
        and(
          open,
          lte(moment, options.now),
          lte(requests.createdAt, moment),
          unsent("reminder", offset),
        ),
      )
      .limit(options.limit);
    due.push(...rows.map((row) => ({ ...row, kind: "reminder" as const, offsetSeconds: offset })));
  }
  if (due.length === 0) return [];
  return db.insert(messages).values(due).onConflictDoNothing().returning({
    requestId: messages.requestId,
    recipient: messages.recipient,
    kind: messages.kind,
    offsetSeconds: messages.offsetSeconds,
  });
}

/**
 * Messages claimed but never tried (no attempt) since `olderThanSeconds` before `now`: their send
 * was not queued (the queue could not take it), so they are queued again.
 */
export async function findLostMessages(
  db: Db,
  options: { now: Date; olderThanSeconds: number; limit: number },
): Promise<MessageKey[]> {
  const before = new Date(options.now.getTime() - options.olderThanSeconds * 1000);
  return db
    .select({
      requestId: messages.requestId,
      recipient: messages.recipient,
      kind: messages.kind,
      offsetSeconds: messages.offsetSeconds,
    })
    .from(messages)
    .where(
      and(
        eq(messages.status, "pending"),
        eq(messages.attempts, 0),
        lte(messages.createdAt, before),
      ),
    )
    .orderBy(messages.createdAt)
    .limit(options.limit);
}
