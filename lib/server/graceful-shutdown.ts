import "server-only";
import { getLimits } from "@/lib/server/limits";
import { endAllStreams } from "@/lib/server/open-streams";

// What the app does on SIGTERM, beside its server closing the listener (lib/server/app-server.ts):
// readiness turns 503, every open event stream ends with a `retry:` hint so the browser
// reconnects (through the balancer, to another copy), and in-flight requests get
// SHUTDOWN_GRACE_MS to finish. See docs/decisions/012-graceful-shutdown-in-the-standalone-server.md.

type ShutdownState = {
  installed: boolean;
  draining: boolean;
  inFlight: number;
  idle: Set<() => void>;
};

const STATE = Symbol.for("dify-human-input.shutdown");

function state(): ShutdownState {
  const holder = globalThis as typeof globalThis & { [STATE]?: ShutdownState };
  holder[STATE] ??= { installed: false, draining: false, inFlight: 0, idle: new Set() };
  return holder[STATE];
}

/** True once SIGTERM arrived: new event streams are refused and readiness is 503. */
export function isDraining(): boolean {
  return state().draining;
}

/** Counts one request as in flight until the returned function is called (idempotent). */
export function trackRequest(): () => void {
  const current = state();
  current.inFlight++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    current.inFlight--;
    if (current.inFlight === 0) for (const wake of current.idle) wake();
  };
}

/** Resolves when no request is in flight, or after `ms`; true when everything finished. */
export function waitForInFlight(ms: number): Promise<boolean> {
  const current = state();
  if (current.inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      current.idle.delete(wake);
      resolve(true);
    };
    const timer = setTimeout(() => {
      current.idle.delete(wake);
      resolve(false);
    }, ms);
    current.idle.add(wake);
  });
}

/** Starts draining: ends the open streams and stops taking new ones. Returns how many ended. */
export function beginDrain(): number {
  state().draining = true;
  return endAllStreams(getLimits().shutdownRetryMs);
}

function log(msg: string, fields: Record<string, unknown>) {
  console.info(JSON.stringify({ level: "info", msg, ...fields }));
}

/**
 * Installs the SIGTERM/SIGINT handler once per process (instrumentation.ts calls it at start).
 * The app's server (lib/server/app-server.ts) closes its listener on the same signal; this one
 * drains, waits for the requests in flight, and exits 0 once they are done or the grace period
 * has run out.
 */
export function installShutdownHandler(options: { graceMs: number }): void {
  const current = state();
  if (current.installed) return;
  current.installed = true;

  const onSignal = (signal: NodeJS.Signals) => {
    if (current.draining) return;
    const started = Date.now();
    const streams = beginDrain();
    log("shutdown", { signal, streams_ended: streams, in_flight: current.inFlight });
    void waitForInFlight(options.graceMs).then((finished) => {
      log("shutdown drained", {
        finished,
        in_flight: current.inFlight,
        duration_ms: Date.now() - started,
      });
      // The grace period is over: what is still running is cut, as the orchestrator would.
      if (!finished) process.exit(0);
      // Give the last answers a moment to be written.
      setTimeout(() => process.exit(0), 250).unref();
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
