import "server-only";
import { getEnv } from "@/lib/server/env";
import { getStore, storeConfigured } from "@/lib/server/store/get-store";
import { migrateStore } from "@/lib/server/store/migrate-store";

/**
 * As the server starts: without DATABASE_URL, says once that requests are off; with it, applies
 * the pending migrations (throwing a MigrationError that should stop the start).
 */
export async function startStore(): Promise<boolean> {
  if (!storeConfigured()) {
    if (getEnv().NODE_ENV === "production") {
      console.info(
        JSON.stringify({
          level: "info",
          msg: "store off",
          detail:
            "DATABASE_URL is unset: forms answer by their links only; /api/requests and /api/decisions answer 404 requests_off.",
        }),
      );
    }
    return false;
  }
  await migrateStore(getStore().pool);
  return true;
}
