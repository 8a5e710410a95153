import "server-only";
import { configurationProblem, getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/errors/api-error";
import type { ErrorCode } from "@/lib/errors/error-code";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { isDraining } from "@/lib/server/ops/graceful-shutdown";
import { processState } from "@/lib/server/ops/process-state";

// Readiness: the upstream answered `GET /parameters` in time lately. A success is reused for
// `freshMs` and a failure for `retryMs`, and only one check runs at a time, so probes cost the
// upstream at most one call per period.

export type Readiness = { ready: true } | { ready: false; code: ErrorCode; message: string };

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  shutting_down: "This copy of the app is shutting down.",
  upstream_timeout: "The workflow service did not answer in time.",
  upstream_unreachable: "The workflow service cannot be reached.",
  upstream_key_refused: "The workflow service refused this server's key.",
  upstream_bad_response: "The workflow service answered with an error.",
};

/** Maps a failed check to a reason that names no key, URL or other configuration. */
function reasonOf(error: unknown, timedOut: boolean): Readiness {
  const passed =
    error instanceof ApiError && error.code !== "shutting_down" && MESSAGES[error.code];
  const code = timedOut ? "upstream_timeout" : passed ? error.code : "upstream_bad_response";
  return { ready: false, code, message: MESSAGES[code]! };
}

export function createReadiness(options: {
  check: (signal: AbortSignal) => Promise<unknown>;
  draining?: () => boolean;
  timeoutMs: number;
  freshMs: number;
  retryMs: number;
  now?: () => number;
}) {
  const { timeoutMs, freshMs, retryMs, now = Date.now } = options;
  let lastSuccessAt: number | undefined;
  let lastFailure: { at: number; result: Readiness } | undefined;
  let running: Promise<Readiness> | undefined;

  async function runCheck(): Promise<Readiness> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const started = now();
    try {
      await options.check(controller.signal);
      lastSuccessAt = started;
      lastFailure = undefined;
      return { ready: true };
    } catch (error) {
      const result = reasonOf(error, timedOut);
      lastFailure = { at: now(), result };
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async get(): Promise<Readiness> {
      if (options.draining?.()) {
        return { ready: false, code: "shutting_down", message: MESSAGES.shutting_down! };
      }
      const at = now();
      if (lastSuccessAt !== undefined && at - lastSuccessAt <= freshMs) return { ready: true };
      if (lastFailure && at - lastFailure.at < retryMs) return lastFailure.result;
      running ??= runCheck().finally(() => (running = undefined));
      return running;
    },
  };
}

/** The process's readiness, one per process so that every route bundle shares its cache. */
export function getReadiness(): Promise<Readiness> {
  // Not ready while the configuration is not valid, naming the variable (never its value).
  const problem = configurationProblem();
  if (problem) {
    return Promise.resolve({ ready: false, code: "server_misconfigured", message: problem });
  }
  const readiness = processState("readiness", () => {
    const limits = getEnv().limits;
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
