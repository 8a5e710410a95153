import { useEffect, useState } from "react";

/** The longest the browser is left to find an idle moment, ms. */
const IDLE_WAIT_MS = 2_000;

/**
 * False on the server, while the page hydrates and until the browser is first idle after it; then
 * true. For work the first tap does not need (the file field's own chunk, the run's stream, the
 * expiry line's clock), so it does not stand between a phone's first tap and its answer.
 */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // Safari has no requestIdleCallback: a task after the ones already queued stands in.
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_WAIT_MS });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}
