import "server-only";
import type { Limits } from "@/lib/server/env-schema";
import { getEnv } from "@/lib/server/env";

/** The server's bounds (sizes, counts, times): the configuration's limits section. */
export function getLimits(): Limits {
  return getEnv().limits;
}
