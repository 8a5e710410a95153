import "server-only";
import type { Limits } from "@/lib/server/env-schema";
import { getEnv } from "@/lib/server/env";

export function getLimits(): Limits {
  return getEnv().limits;
}
