import "server-only";
import { requestTasks } from "@/lib/server/jobs/request-tasks";
import { startJobs, stopJobs } from "@/lib/server/jobs/job-queue";
import { getStore } from "@/lib/server/store/get-store";
import { migrateStore } from "@/lib/server/store/migrate-store";
import { notifyTasks } from "@/lib/server/notify/notify-tasks";

/** As the server starts: the pending migrations (a MigrationError stops the start), then jobs. */
export async function startStore(): Promise<void> {
  await migrateStore(getStore().pool);
  await startJobs([...requestTasks(), ...notifyTasks()]);
  // A stopping copy takes no new jobs; those in hand finish or are taken over.
  process.once("SIGTERM", () => void stopJobs());
}
