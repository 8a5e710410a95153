// How the queue meets JOB_TAKEOVER_SECONDS. A copy that stops holding a job leaves it `active`:
// the job expires (E after it started), the next maintenance pass (every M, by whichever copy)
// fails it over to a retry that starts after the retry delay (at most 2 d: pg-boss's backoff
// doubles it with jitter), and a copy's next poll (P) takes it. E + M + 2 d + P ≤ takeover.

/** How long one follow may rightly hold its job: the run's read and the store's statements. */
export const FOLLOW_HOLD_SECONDS = 10;

/** The smallest JOB_TAKEOVER_SECONDS whose expiry still leaves a follow its whole read. */
export const MIN_TAKEOVER_SECONDS = 16;

export type QueueTiming = {
  maintenanceSeconds: number;
  pollingSeconds: number;
  /** The first retry's delay (pg-boss doubles it, with jitter, each retry after). */
  retryDelaySeconds: number;
  /** A job's expiry such that expiry, a maintenance pass, a retry's delay and a poll fit. */
  expireSeconds: number;
};

export function queueTiming(takeoverSeconds: number): QueueTiming {
  const maintenanceSeconds = Math.ceil(takeoverSeconds / 6);
  const pollingSeconds = takeoverSeconds < 60 ? 1 : 2;
  const retryDelaySeconds = Math.min(10, Math.max(1, Math.floor(takeoverSeconds / 12)));
  return {
    maintenanceSeconds,
    pollingSeconds,
    retryDelaySeconds,
    expireSeconds: takeoverSeconds - maintenanceSeconds - 2 * retryDelaySeconds - pollingSeconds,
  };
}
