import "server-only";
import PgBoss from "pg-boss";
import { getEnv } from "@/lib/server/env";
import { countStoreError, observeJob } from "@/lib/server/ops/metrics";
import { processState } from "@/lib/server/ops/process-state";
import { queueTiming } from "@/lib/server/jobs/queue-timing";

// Background work on the store's own PostgreSQL (pg-boss): each job is taken by one copy at a
// time (SKIP LOCKED). A copy that stops holding a job leaves it `active` until its expiry; the
// next maintenance pass (by whichever copy) fails it over to a retry that any copy takes: a job
// is taken over within JOB_TAKEOVER_SECONDS (lib/server/jobs/queue-timing.ts).

export type JobTask = {
  name: string;
  run: (data: unknown) => Promise<void>;
  /** How long one run may take before it counts as lost; at most the takeover's share. */
  expireSeconds?: number;
  retryLimit?: number;
  /** The first retry's delay, doubling after; a takeover's is the queue's own (queueTiming). */
  retryDelaySeconds?: number;
  /** One active at a time across all copies. */
  singleton?: boolean;
  /**
   * Per key (see {@link enqueueJob}), one job waiting and one active at a time across all copies:
   * a job queued again while its twin waits is dropped, and twins never run at once.
   */
  perKey?: boolean;
  /** Cron, in UTC: the queue fires it once across all copies. */
  cron?: string;
  /**
   * Fired every this many seconds, once across all copies: each copy offers a job for the current
   * slot of this length and the queue keeps the first (finer than a cron's minute).
   */
  everySeconds?: number;
};

type Queue = { boss: PgBoss; started: Promise<void>; timers: NodeJS.Timeout[] };

const holder = () => processState("job-queue", (): { current?: Queue } => ({}));
const queue = () => holder().current;

/** Starts the queue and its workers and schedules (once per process). */
export async function startJobs(tasks: JobTask[]): Promise<void> {
  const running = queue();
  if (running) return running.started;
  const env = getEnv();
  const timing = queueTiming(env.limits.JOB_TAKEOVER_SECONDS);
  const boss = new PgBoss({
    connectionString: env.DATABASE_URL,
    max: 4,
    application_name: "forms-jobs",
    maintenanceIntervalSeconds: timing.maintenanceSeconds,
    monitorStateIntervalSeconds: timing.maintenanceSeconds,
  });
  boss.on("error", (error: Error) => {
    countStoreError("jobs");
    console.warn(JSON.stringify({ level: "warn", msg: "job queue error", error: error.message }));
  });
  const timers: NodeJS.Timeout[] = [];
  const started = (async () => {
    await boss.start();
    for (const task of tasks) {
      const options: PgBoss.Queue = {
        name: task.name,
        policy: task.singleton ? "singleton" : task.perKey ? "stately" : "standard",
        expireInSeconds: Math.min(task.expireSeconds ?? timing.expireSeconds, 23 * 60 * 60),
        retryLimit: task.retryLimit ?? 3,
        retryDelay: task.retryDelaySeconds ?? timing.retryDelaySeconds,
        retryBackoff: true,
      };
      await boss.createQueue(task.name, options);
      // A queue made by an earlier release takes this one's policy and timing.
      await boss.updateQueue(task.name, options);
      // A worker takes one job a poll; after a job it is woken at once, so a burst (an arrival
      // for a hundred recipients) drains as fast as it runs, not one job per polling interval.
      let worker = "";
      worker = await boss.work(
        task.name,
        { batchSize: 1, pollingIntervalSeconds: timing.pollingSeconds },
        async ([job]) => {
          if (!job) return;
          const done = observeJob(task.name);
          boss.notifyWorker(worker);
          try {
            await task.run(job.data);
            done("done");
          } catch (error) {
            done("failed");
            console.warn(
              JSON.stringify({
                level: "warn",
                msg: "job failed",
                job: task.name,
                error: error instanceof Error ? error.message : String(error),
              }),
            );
            throw error;
          }
        },
      );
      if (task.cron) await boss.schedule(task.name, task.cron, {}, { tz: "UTC" });
      else await boss.unschedule(task.name).catch(() => undefined);
      if (task.everySeconds) timers.push(fireEvery(boss, task.name, task.everySeconds));
    }
  })();
  holder().current = { boss, started, timers };
  return started;
}

/**
 * Offers the job for each slot of `seconds`; a copy's ticks come twice a slot, so no slot is
 * missed however the copies' clocks and timers drift, and the queue's slot key keeps one per slot.
 */
function fireEvery(boss: PgBoss, name: string, seconds: number): NodeJS.Timeout {
  const offer = () =>
    void boss
      .sendThrottled(name, {}, {}, seconds)
      .catch((error: unknown) => countNotQueued(name, error));
  offer();
  const timer = setInterval(offer, (seconds * 1000) / 2);
  // The ticks never keep a stopping process alive.
  timer.unref();
  return timer;
}

/**
 * Queues a job; false (counted, logged) when the queue cannot take it now. `key` names the job
 * for a `perKey` task: a twin already waiting makes this one a no-op (still true).
 */
export async function enqueueJob(
  name: string,
  data: object,
  options: { key?: string } = {},
): Promise<boolean> {
  const current = queue();
  if (!current) return false;
  try {
    await current.started;
    await current.boss.send(name, data, { singletonKey: options.key });
    return true;
  } catch (error) {
    countNotQueued(name, error);
    return false;
  }
}

function countNotQueued(name: string, error: unknown) {
  countStoreError("enqueue");
  console.warn(
    JSON.stringify({
      level: "warn",
      msg: "job not queued",
      job: name,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}

/** Stops taking jobs (a shutdown); jobs in hand finish or are taken over. */
export async function stopJobs(): Promise<void> {
  const current = queue();
  for (const timer of current?.timers ?? []) clearInterval(timer);
  await current?.boss.stop({ graceful: true, wait: false });
}
