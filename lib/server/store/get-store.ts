import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { getEnv } from "@/lib/server/env";
import { countStoreError } from "@/lib/server/ops/metrics";
import { processState } from "@/lib/server/ops/process-state";
import { createStore, type Store } from "@/lib/server/store/create-store";

/** The process's store; `requests_off` (404) where DATABASE_URL is unset. */
export function getStore(): Store {
  const url = getEnv().DATABASE_URL;
  if (!url) {
    throw ApiError.of(
      "requests_off",
      "This server keeps no requests: its operator has not configured a database (DATABASE_URL).",
    );
  }
  return processState("store", () =>
    createStore(url, {
      max: getEnv().limits.DATABASE_POOL_SIZE,
      queryTimeoutMs: getEnv().limits.storeQueryTimeoutMs,
      onError: (error) => {
        countStoreError("connection");
        console.warn(
          JSON.stringify({ level: "warn", msg: "store connection lost", error: error.message }),
        );
      },
    }),
  );
}
