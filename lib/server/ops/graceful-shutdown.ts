import "server-only";
import { getEnv } from "@/lib/server/env";
import { processState } from "@/lib/server/ops/process-state";
import { endAllStreams } from "@/lib/server/streams/open-streams";

// On SIGTERM, beside Next's own handler (decision 012): readiness turns 503, open event streams end
// with a `retry:` hint to reconnect to another copy, and in-flight requests get SHUTDOWN_GRACE_MS.

function state() {
  return processState("shutdown", () => ({
    installed: false,
    draining: false,
    inFlight: 0,
    idle: new Set<() => void>(),
  }));
}

export function isDraining(): boolean {
  return state().draining;
}

/** Counts one request as in flight until the returned function is called (once). */
export function trackRequest(): () => void {
  const current = state();
  current.inFlight++;
  return () => {
    current.inFlight--;
    if (current.inFlight === 0) for (const wake of current.idle) wake();
  };
}

/** Resolves when no request is in flight, or after `ms`; true when everything finished. */
function waitForInFlight(ms: number): Promise<boolean> {
  const current = state();
  if (current.inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    current.idle.add(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function log(msg: string, fields: Record<string, unknown>) {
  console.info(JSON.stringify({ level: "info", msg, ...fields }));
}

/** On SIGTERM/SIGINT, once per process: drain, then exit 0, at the latest when the grace ends. */
export function installShutdownHandler(options: { graceMs: number }): void {
  const current = state();
  if (current.installed) return;
  current.installed = true;
  const nextHandlesSignals = !getEnv().NEXT_MANUAL_SIG_HANDLE;

  const onSignal = (signal: NodeJS.Signals) => {
    if (current.draining) return;
    const started = Date.now();
    current.draining = true;
    const streams = endAllStreams(getEnv().limits.shutdownRetryMs);
    log("shutdown", { signal, streams_ended: streams, in_flight: current.inFlight });
    // A drain that ran its course is a clean stop, though Next's handler exits with 128 + the
    // signal's number (143 for SIGTERM, 130 for SIGINT); other codes are left alone.
    process.on("exit", (code) => {
      if (code === 143 || code === 130) process.exitCode = 0;
    });
    void waitForInFlight(options.graceMs).then((finished) => {
      log("shutdown drained", {
        finished,
        in_flight: current.inFlight,
        duration_ms: Date.now() - started,
      });
      // The grace period is over: what is still running is cut, as the orchestrator would.
      if (!finished) process.exit(0);
      // Next's handler exits once its connections have closed, which idle keep-alive connections
      // can hold up, so the grace still bounds it; without it, the last answers get a moment.
      const rest = Math.max(0, options.graceMs - (Date.now() - started));
      setTimeout(() => process.exit(0), nextHandlesSignals ? rest : 250).unref();
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
