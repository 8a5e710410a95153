import { describe, expect, it } from "vitest";
import {
  FOLLOW_HOLD_SECONDS,
  MIN_TAKEOVER_SECONDS,
  queueTiming,
} from "@/lib/server/jobs/queue-timing";

describe("queueTiming", () => {
  it("fits expiry, a maintenance pass, the first retry's longest delay and a poll in the takeover", () => {
    for (let takeover = MIN_TAKEOVER_SECONDS; takeover <= 3_600; takeover++) {
      const t = queueTiming(takeover);
      expect(
        t.expireSeconds + t.maintenanceSeconds + 2 * t.retryDelaySeconds + t.pollingSeconds,
      ).toBeLessThanOrEqual(takeover);
      // A follow that is still reading its run is not taken for lost.
      expect(t.expireSeconds).toBeGreaterThanOrEqual(FOLLOW_HOLD_SECONDS);
      expect(t.retryDelaySeconds).toBeGreaterThanOrEqual(1);
      expect(t.pollingSeconds).toBeGreaterThanOrEqual(0.5);
    }
  });

  it("gives the default of 60 s the retry delays of a patient follow", () => {
    expect(queueTiming(60)).toEqual({
      maintenanceSeconds: 10,
      pollingSeconds: 2,
      retryDelaySeconds: 5,
      expireSeconds: 38,
    });
  });
});
