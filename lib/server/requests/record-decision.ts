import { and, eq, inArray } from "drizzle-orm";
import type { DecisionRecord } from "@/lib/server/requests/decision-record";
import type { Db } from "@/lib/server/store/create-store";
import { decisions, recipients, requests } from "@/lib/server/store/schema";

/**
 * Stores a decision once (by its answer id), in one transaction with its request: a form answered
 * by its link alone is registered for the link's user; the request is `answered`.
 */
export async function recordDecision(db: Db, record: DecisionRecord): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(requests)
      .values({ formToken: record.form_token, runId: record.run_id, registeredBy: "answer" })
      .onConflictDoNothing({ target: requests.formToken });
    const [request] = await tx
      .select({ id: requests.id, runId: requests.runId })
      .from(requests)
      .where(eq(requests.formToken, record.form_token));
    if (!request) throw new Error("The decision's request is not there.");
    await tx
      .insert(recipients)
      .values({ requestId: request.id, recipient: record.user })
      .onConflictDoNothing();
    const [stored] = await tx
      .insert(decisions)
      .values({
        answerId: record.answer_id,
        requestId: request.id,
        formToken: record.form_token,
        runId: record.run_id ?? request.runId,
        user: record.user,
        issuer: record.issuer,
        subject: record.subject,
        email: record.email,
        actionId: record.action_id,
        actionLabel: record.action_label,
        values: record.values,
        difyStatus: record.dify_status,
        decidedAt: new Date(record.decided_at),
      })
      .onConflictDoNothing({ target: decisions.answerId })
      .returning({ id: decisions.id });
    // An answer of a run owes a follow, noted in the same transaction: the sweep queues it again
    // should the queue not take it (or lose it), however the decision arrived (here or replayed).
    if (stored && (record.run_id ?? request.runId)) {
      await tx
        .update(requests)
        .set({ followOwedAt: new Date() })
        .where(eq(requests.id, request.id));
    }
    // A decision settles its request, even one the sweep saw submitted before the decision came.
    await tx
      .update(requests)
      .set({ status: "answered", updatedAt: new Date() })
      .where(
        and(
          eq(requests.id, request.id),
          inArray(requests.status, ["waiting", "answered_elsewhere"]),
        ),
      );
  });
}
