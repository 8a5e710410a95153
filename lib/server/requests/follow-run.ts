import { eq } from "drizzle-orm";
import type { RunViewState } from "@/lib/run/run-view-state";
import { refreshRequest } from "@/lib/server/requests/refresh-request";
import { noteRunOutcome, waitingRequestsOfRun } from "@/lib/server/requests/settle-request";
import { findRequest, storeRequest } from "@/lib/server/requests/store-request";
import type { Db } from "@/lib/server/store/create-store";
import { requests } from "@/lib/server/store/schema";

export type FollowRunJob = { run_id: string; user: string; form_token: string };

export class RunStillRunning extends Error {
  override name = "RunStillRunning";
}

/**
 * After an answer: reads the run (bounded by `readRun`) to its next pause or its end, registers
 * each next form for the answered request's recipients, notes how the run ended, and re-reads its
 * forms that no longer wait. Run twice, it changes nothing more.
 */
export async function followRun(
  db: Db,
  job: FollowRunJob,
  deps: {
    readRun: (runId: string, user: string) => Promise<RunViewState>;
    readForm: (formToken: string) => Promise<unknown>;
    maxForms: number;
  },
): Promise<{ registered: string[] }> {
  const state = await deps.readRun(job.run_id, job.user);
  if (state.phase === "running" || state.phase === "waiting") {
    // Neither paused nor ended within the read's bound: the queue tries again later.
    throw new RunStillRunning(`The run ${job.run_id} has not paused or ended yet.`);
  }
  const answered = await findRequest(db, job.form_token);
  const recipients = answered?.recipients.length ? answered.recipients : [job.user];
  const registered: string[] = [];
  for (const form of state.waiting.slice(0, deps.maxForms)) {
    if (!form.formToken || form.v2 || form.answered) continue;
    await storeRequest(db, {
      formToken: form.formToken,
      runId: job.run_id,
      recipients,
      title: form.nodeTitle,
      requireSignIn: answered?.requireSignIn ?? false,
      registeredBy: "follow",
    });
    registered.push(form.formToken);
  }
  if (state.phase === "finished" && state.outcome) {
    await noteRunOutcome(db, job.run_id, state.outcome.status);
  }
  const open = new Set(registered);
  const runTimedOut = state.timeouts.length > 0;
  for (const request of await waitingRequestsOfRun(db, job.run_id, deps.maxForms)) {
    // The answered form itself is settled by its decision.
    if (!open.has(request.formToken) && request.formToken !== job.form_token) {
      await refreshRequest(db, request, deps.readForm, { runTimedOut });
    }
  }
  await db
    .update(requests)
    .set({ followOwedAt: null })
    .where(eq(requests.formToken, job.form_token));
  return { registered };
}
