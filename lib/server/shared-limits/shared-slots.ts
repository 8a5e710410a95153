import "server-only";
import { getEnv } from "@/lib/server/env";
import type { Semaphore } from "redis-semaphore";
import { processState } from "@/lib/server/ops/process-state";
import { countSharedLimitsFallback } from "@/lib/server/ops/metrics";
import { redisIfUp } from "@/lib/server/shared-limits/shared-store";

// Counted slots shared by all copies: one redis-semaphore per key, each slot a lease its holder
// renews, so the slots of a copy that dies expire. While Redis is down the per-copy count holds.

/** redis-semaphore loads with the first slot taken in Redis: a copy without Redis never carries it. */
async function leasedSlotClass() {
  const { Semaphore } = await import("redis-semaphore");
  return processState("leased-slot-class", () => {
    /** A Redis failure while renewing is not the holder's: the lease simply may lapse. */
    return class LeasedSlot extends Semaphore {
      protected override async _refresh(): Promise<boolean> {
        try {
          return await super._refresh();
        } catch {
          countSharedLimitsFallback();
          return true;
        }
      }
    };
  });
}

/** Takes one slot under each bound for all copies, or says which bound (its index) refuses. */
export async function takeSharedSlots(
  bounds: { key: string; max: number }[],
): Promise<{ release: () => void } | { refused: number }> {
  const redis = redisIfUp();
  const none = { release: () => undefined };
  if (!redis || bounds.length === 0) return none;
  const leaseMs = getEnv().limits.SHARED_SLOT_LEASE_MS;
  const LeasedSlot = await leasedSlotClass();
  const taken: Semaphore[] = [];
  const releaseAll = () => {
    for (const slot of taken.splice(0)) {
      slot.stopRefresh();
      slot.release().catch(countSharedLimitsFallback);
    }
  };
  try {
    for (const [index, bound] of bounds.entries()) {
      const slot = new LeasedSlot(redis, `human-input:slots:${bound.key}`, bound.max, {
        lockTimeout: leaseMs,
        refreshInterval: Math.floor(leaseMs / 3),
        acquireAttemptsLimit: 1,
        onLockLost: countSharedLimitsFallback,
      });
      if (!(await slot.tryAcquire())) {
        releaseAll();
        return { refused: index };
      }
      taken.push(slot);
    }
  } catch {
    releaseAll();
    countSharedLimitsFallback();
    return none;
  }
  return { release: releaseAll };
}
