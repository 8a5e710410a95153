import "server-only";
import { parseEnv, type AppEnv } from "@/lib/server/env-schema";

// NOTE: the only place server code reads configuration; it holds the keys, so it is server-only.
let cached: AppEnv | undefined;

/** The validated environment; throws an EnvError naming the variable on first use if invalid. */
export function getEnv(): AppEnv {
  cached ??= parseEnv(process.env);
  return cached;
}
