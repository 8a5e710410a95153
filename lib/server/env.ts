import "server-only";
import { EnvError } from "@/lib/errors/env-error";
import { parseEnv, type AppEnv } from "@/lib/server/env-schema";

let cached: AppEnv | undefined;

/** The validated environment; throws an EnvError naming the variable on first use if invalid. */
export function getEnv(): AppEnv {
  return (cached ??= parseEnv(process.env));
}

/** What is wrong with the configuration, naming each variable; null when it is valid. */
export function configurationProblem(): string | null {
  try {
    getEnv();
    return null;
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
}
