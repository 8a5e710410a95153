import "server-only";
import { requestTasks } from "@/lib/server/jobs/request-tasks";
import { startJobs, stopJobs } from "@/lib/server/jobs/job-queue";
import { getStore } from "@/lib/server/store/get-store";
import { migrateStore } from "@/lib/server/store/migrate-store";
import { notifyTasks } from "@/lib/server/notify/notify-tasks";

/**
 * As the server starts: the pending migrations, then jobs. One that fails stops the process,
 * naming why (here, not in instrumentation.ts, which Next also reads for the Edge runtime).
 */
export async function startStore(): Promise<void> {
  try {
    await migrateStore(getStore().pool);
    await startJobs([...requestTasks(), ...notifyTasks()]);
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    console.error(JSON.stringify({ level: "error", msg: "store start failed", problem }));
    process.exit(1);
  }
  // A stopping copy takes no new jobs; those in hand finish or are taken over.
  process.once("SIGTERM", () => void stopJobs());
}
