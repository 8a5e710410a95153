import { describe, expect, it, vi } from "vitest";
import { STORE_BACKENDS, storeForQueueTests } from "@/lib/tools/postgres/test-stores";
import { forgetProcessState } from "@/lib/tools/test/forget-process-state";

// The queue's workers on the store's real queue (pg-boss), on a real PostgreSQL where one is
// installed (else PGlite). One backend: the queue is the process's own, started once.

const backend = STORE_BACKENDS.at(-1)!;

describe(`the job queue on ${backend.name}`, () => {
  const store = storeForQueueTests(backend);

  it("drains a burst of jobs as fast as they run, not one a polling interval", async () => {
    vi.resetModules();
    forgetProcessState();
    vi.stubEnv("DATABASE_URL", store().url);
    const { startJobs, stopJobs, enqueueJob } = await import("@/lib/server/jobs/job-queue");
    const ran: number[] = [];
    await startJobs([
      {
        name: "burst",
        run: (data) => {
          ran.push((data as { n: number }).n);
          return Promise.resolve();
        },
      },
    ]);
    try {
      for (let n = 0; n < 10; n++) expect(await enqueueJob("burst", { n })).toBe(true);
      const started = Date.now();
      // One job a 2 s poll would take 20 s.
      await vi.waitFor(() => expect(ran).toHaveLength(10), { timeout: 6_000, interval: 50 });
      expect(Date.now() - started).toBeLessThan(6_000);
    } finally {
      await stopJobs();
    }
  }, 30_000);
});
