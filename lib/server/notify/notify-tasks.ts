import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/server/env";
import { enqueueJob, type JobTask } from "@/lib/server/jobs/job-queue";
import type { MessageKey } from "@/lib/server/notify/plan-messages";
import { planPass } from "@/lib/server/notify/plan-pass";
import { sendRequestMessage } from "@/lib/server/notify/send-request-message";
import { getStore } from "@/lib/server/store/get-store";

// Arrivals and reminders on the store's queue: a planner claims the messages due (each key once
// across copies) and a send job per message, retried with backoff (failures counted per job).

export const NOTIFY_JOB = { plan: "plan-messages", send: "send-message" } as const;

/** The most messages one planning pass claims; the rest wait for the next pass. */
const PLAN_LIMIT = 500;

const keySchema = z.object({
  requestId: z.uuid(),
  recipient: z.string().min(1).max(320),
  kind: z.enum(["arrival", "reminder"]),
  offsetSeconds: z.number().int().min(0),
});

/** A message's send job's key: one waits and one runs at a time per message. */
export function sendJobKey(key: MessageKey): string {
  return [key.requestId, key.recipient, key.kind, key.offsetSeconds].join("\n");
}

export function notifyTasks(): JobTask[] {
  const env = getEnv();
  // Nothing to send with: no planning either, so no key is spent.
  if (!env.SMTP_URL && !env.NOTIFY_WEBHOOK_URL) return [];
  return [
    {
      name: NOTIFY_JOB.plan,
      run: async () => {
        await planPass(getStore().db, {
          offsets: env.REMINDERS,
          now: new Date(),
          limit: PLAN_LIMIT,
          lostAfterSeconds: env.limits.lostSendSeconds,
          enqueue: (key) => enqueueJob(NOTIFY_JOB.send, key, { key: sendJobKey(key) }),
        });
      },
      singleton: true,
      expireSeconds: 120,
      retryLimit: 0,
      everySeconds: env.limits.NOTIFY_PLAN_SECONDS,
    },
    {
      name: NOTIFY_JOB.send,
      run: (data) => sendRequestMessage(getStore().db, keySchema.parse(data)),
      retryLimit: 5,
      retryDelaySeconds: 10,
      expireSeconds: 60,
      perKey: true,
    },
  ];
}
