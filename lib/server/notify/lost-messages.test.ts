import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { messages } from "@/lib/server/notify/messages-table";
import { storeRequest } from "@/lib/server/requests/store-request";
import { startNotifyCatcher, type NotifyCatcher } from "@/lib/tools/notify/notify-catcher";
import { STORE_BACKENDS, storeForQueueTests } from "@/lib/tools/postgres/test-stores";
import { forgetProcessState } from "@/lib/tools/test/forget-process-state";

// A send the queue could not take (the queue down while planning) is queued again by a later
// pass, and each message still goes out once, on the store's real queue (pg-boss) on a real
// PostgreSQL where one is installed (else PGlite). One backend: the queue and the metrics it
// counts into are the process's own, started once.

const backend = STORE_BACKENDS.at(-1)!;

const LOST_AFTER = 300;

let catcher: NotifyCatcher;
beforeAll(async () => {
  catcher = await startNotifyCatcher();
});
afterAll(() => catcher.close());

describe(`lost sends on ${backend.name}`, () => {
  const store = storeForQueueTests(backend);

  it("are queued again past the grace period and sent once per recipient", async () => {
    vi.resetModules();
    forgetProcessState();
    vi.stubEnv("DATABASE_URL", store().url);
    vi.stubEnv("SMTP_URL", catcher.smtpUrl);
    vi.stubEnv("NOTIFY_WEBHOOK_URL", catcher.webhookUrl);
    vi.stubEnv("APP_ORIGIN", "http://app.test");
    const { startJobs, stopJobs, enqueueJob } = await import("@/lib/server/jobs/job-queue");
    const { notifyTasks, NOTIFY_JOB, sendJobKey } =
      await import("@/lib/server/notify/notify-tasks");
    const { planPass } = await import("@/lib/server/notify/plan-pass");
    const db = store().store.db;
    const recipients = [`a-${backend.name}@x.io`, `b-${backend.name}@x.io`];
    await storeRequest(db, {
      formToken: `lost-${backend.name}`,
      runId: null,
      title: "Lost and found",
      recipients,
      expiresAt: new Date(Date.now() + 48 * 3600 * 1000),
      registeredBy: "portal",
    });
    const at = (secondsFromNow: number) => new Date(Date.now() + secondsFromNow * 1000);
    const pass = (secondsFromNow: number) =>
      planPass(db, {
        offsets: [],
        now: at(secondsFromNow),
        limit: 100,
        lostAfterSeconds: LOST_AFTER,
        enqueue: (key) => enqueueJob(NOTIFY_JOB.send, key, { key: sendJobKey(key) }),
      });
    const sentTo = () =>
      catcher.messages
        .filter((m) => m.channel === "mail")
        .map((m) => (m.channel === "mail" ? m.to : ""))
        .filter((to) => recipients.includes(to))
        .sort();
    const hooks = () =>
      catcher.messages.filter(
        (m) =>
          m.channel === "webhook" && recipients.some((r) => JSON.stringify(m.body).includes(r)),
      );

    // The queue is down (not started): both arrivals are claimed, and their sends are lost.
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await pass(0)).toEqual({ claimed: 2, requeued: 0 });
    // Within the grace period nothing is queued again.
    expect(await pass(LOST_AFTER - 60)).toEqual({ claimed: 0, requeued: 0 });

    await startJobs(notifyTasks().filter((task) => task.name === NOTIFY_JOB.send));
    try {
      // Past it, two copies plan at once: each finds both sends lost and queues them again.
      const [first, second] = await Promise.all([pass(LOST_AFTER + 1), pass(LOST_AFTER + 1)]);
      expect(first.requeued + second.requeued).toBe(4);
      await vi.waitFor(
        async () => {
          const rows = await db.select().from(messages);
          expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
        },
        { timeout: 20_000, interval: 250 },
      );
      // Sent is not lost: later passes queue nothing more, and the queue's polls bring no more.
      expect(await pass(LOST_AFTER * 2)).toEqual({ claimed: 0, requeued: 0 });
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(sentTo()).toEqual(recipients);
      expect(hooks()).toHaveLength(2);
      const rows = await db.select().from(messages).where(eq(messages.kind, "arrival"));
      expect(rows.map((row) => row.attempts)).toEqual([1, 1]);
    } finally {
      await stopJobs();
      vi.restoreAllMocks();
    }
  }, 60_000);
});
