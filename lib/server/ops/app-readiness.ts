import "server-only";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { configurationProblem } from "@/lib/server/env";
import { getLimits } from "@/lib/server/limits";
import { isDraining } from "@/lib/server/ops/graceful-shutdown";
import { createReadiness, type Readiness } from "@/lib/server/ops/readiness";

// The process's readiness check, kept on globalThis like the other
// per-process state so every route bundle shares its cache.

const READINESS = Symbol.for("dify-human-input.readiness");

export function getReadiness(): Promise<Readiness> {
  // Not ready while the configuration is not valid, naming the variable (never its value).
  const problem = configurationProblem();
  if (problem) {
    return Promise.resolve({ ready: false, code: "server_misconfigured", message: problem });
  }
  const holder = globalThis as typeof globalThis & {
    [READINESS]?: ReturnType<typeof createReadiness>;
  };
  const limits = getLimits();
  holder[READINESS] ??= createReadiness({
    check: (signal) => getDifyClient().getAppParameters(signal),
    draining: isDraining,
    timeoutMs: limits.readinessTimeoutMs,
    freshMs: limits.readinessFreshMs,
    retryMs: limits.readinessRetryMs,
  });
  return holder[READINESS].get();
}
