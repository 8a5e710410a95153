import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { countStoreError } from "@/lib/server/ops/metrics";
import { getStore } from "@/lib/server/store/get-store";
import type { Db } from "@/lib/server/store/create-store";

/** Runs a use case on the store; a store failure is a 503 `store_unavailable`, counted and logged. */
export async function withStore<T>(operation: string, run: (db: Db) => Promise<T>): Promise<T> {
  const { db } = getStore();
  try {
    return await run(db);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    countStoreError(operation);
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "store failed",
        operation,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    throw ApiError.of("store_unavailable", "The store of requests cannot be reached right now.");
  }
}
