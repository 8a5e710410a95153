import "server-only";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { configurationProblem } from "@/lib/server/env";
import { getLimits } from "@/lib/server/limits";
import { isDraining } from "@/lib/server/ops/graceful-shutdown";
import { processState } from "@/lib/server/ops/process-state";
import { createReadiness, type Readiness } from "@/lib/server/ops/readiness";

// The process's readiness check, one per process so that every route bundle shares its cache.

export function getReadiness(): Promise<Readiness> {
  // Not ready while the configuration is not valid, naming the variable (never its value).
  const problem = configurationProblem();
  if (problem) {
    return Promise.resolve({ ready: false, code: "server_misconfigured", message: problem });
  }
  const readiness = processState("readiness", () => {
    const limits = getLimits();
    return createReadiness({
      check: (signal) => getDifyClient().getAppParameters(signal),
      draining: isDraining,
      timeoutMs: limits.readinessTimeoutMs,
      freshMs: limits.readinessFreshMs,
      retryMs: limits.readinessRetryMs,
    });
  });
  return readiness.get();
}
