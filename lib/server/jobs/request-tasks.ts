import "server-only";
import { z } from "zod";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { getEnv } from "@/lib/server/env";
import { readRunState } from "@/lib/server/form/next-form-link";
import { enqueueJob, type JobTask } from "@/lib/server/jobs/job-queue";
import { followRun } from "@/lib/server/requests/follow-run";
import { pruneDecisions } from "@/lib/server/requests/prune-decisions";
import { refreshRequest } from "@/lib/server/requests/refresh-request";
import { requeueFollows } from "@/lib/server/requests/requeue-follows";
import { sweepWaiting } from "@/lib/server/requests/sweep-waiting";
import { getStore } from "@/lib/server/store/get-store";

// The store's background work: the queue's tasks, each a small function of the store and Dify.

export const JOB = {
  followRun: "follow-run",
  sweepWaiting: "sweep-waiting",
  pruneDecisions: "prune-decisions",
} as const;

const followRunSchema = z.object({
  run_id: z.string().min(1).max(200),
  user: z.string().min(1).max(320),
  form_token: z.string().min(1).max(200),
});

const readForm = (token: string) => getDifyClient().getHumanInputForm(token);

export function requestTasks(): JobTask[] {
  const env = getEnv();
  const tasks: JobTask[] = [
    {
      name: JOB.followRun,
      run: async (data) => {
        await followRun(getStore().db, followRunSchema.parse(data), {
          readRun: readRunState,
          readForm,
          maxForms: env.limits.followMaxForms,
        });
      },
      // Its retries wait the queue's delay (a takeover is a retry too), doubling each time.
      retryLimit: 4,
    },
    {
      name: JOB.sweepWaiting,
      run: async () => {
        // A follow the queue could not take, or whose every try failed, is queued again.
        await requeueFollows(getStore().db, {
          overdueSeconds: env.limits.followOverdueSeconds,
          limit: env.limits.followRequeueMax,
          enqueue: (job) => enqueueJob(JOB.followRun, job),
        });
        await sweepWaiting(getStore().db, {
          perMinute: env.limits.REQUEST_REFRESH_PER_MINUTE,
          refresh: (request) => refreshRequest(getStore().db, request, readForm),
        });
      },
      // One sweep at a time, fleet-wide, so its rate is the fleet's; it spans up to a minute.
      singleton: true,
      expireSeconds: 120,
      retryLimit: 0,
      cron: "* * * * *",
    },
  ];
  const days = env.DECISION_RETENTION_DAYS;
  tasks.push({
    name: JOB.pruneDecisions,
    run: async () => {
      if (days) await pruneDecisions(getStore().db, days);
    },
    singleton: true,
    expireSeconds: 600,
    retryLimit: 1,
    cron: days ? "17 3 * * *" : undefined,
  });
  return tasks;
}
