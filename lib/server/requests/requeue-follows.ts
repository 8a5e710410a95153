import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { FollowRunJob } from "@/lib/server/requests/follow-run";
import type { Db } from "@/lib/server/store/create-store";
import { decisions, requests } from "@/lib/server/store/schema";

/**
 * The follows still owed: answers with a run whose follow has not finished `overdueSeconds` after
 * it was owed (the queue could not take the job, or every try failed). Each is queued again and
 * owed anew from now, so a follow is re-queued at most once per `overdueSeconds`; at most `limit`
 * a sweep. Returns the form tokens queued.
 */
export async function requeueFollows(
  db: Db,
  options: {
    overdueSeconds: number;
    limit: number;
    enqueue: (job: FollowRunJob) => Promise<boolean>;
  },
): Promise<string[]> {
  const overdue = await db
    .select({ id: requests.id, formToken: requests.formToken, runId: requests.runId })
    .from(requests)
    .where(
      and(
        isNotNull(requests.followOwedAt),
        isNotNull(requests.runId),
        lt(requests.followOwedAt, sql`now() - make_interval(secs => ${options.overdueSeconds})`),
      ),
    )
    .orderBy(requests.followOwedAt)
    .limit(options.limit);
  const queued: string[] = [];
  for (const request of overdue) {
    const [decision] = await db
      .select({ user: decisions.user })
      .from(decisions)
      .where(eq(decisions.requestId, request.id))
      .orderBy(desc(decisions.id))
      .limit(1);
    if (!decision || !request.runId) continue;
    const job = { run_id: request.runId, user: decision.user, form_token: request.formToken };
    if (!(await options.enqueue(job))) continue;
    await db.update(requests).set({ followOwedAt: new Date() }).where(eq(requests.id, request.id));
    queued.push(request.formToken);
  }
  return queued;
}
