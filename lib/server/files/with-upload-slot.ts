import "server-only";
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/errors/api-error";
import { processState } from "@/lib/server/ops/process-state";
import { requireWithinRate, type RateHolder } from "@/lib/server/require-within-rate";
import { takeSharedSlots } from "@/lib/server/shared-limits/shared-slots";

/**
 * Runs `upload` within its holder's and address's rates and in one of the holder's MAX_UPLOADS_PER_LINK slots (each
 * holds an upstream connection), else throws 429 before anything is read. Slots are shared by all
 * copies with REDIS_URL and counted in this copy's memory too, which holds while Redis is away.
 */
export async function withUploadSlot<T>(
  holder: RateHolder,
  request: Request,
  upload: () => Promise<T>,
) {
  const key = holder.link !== undefined ? `link\n${holder.link}` : `visitor\n${holder.visitor}`;
  const max = getEnv().limits.MAX_UPLOADS_PER_LINK;
  // With Redis, the rate and the shared slot are asked for together: one round trip, not two.
  const [rated, shared] = await Promise.allSettled([
    requireWithinRate("upload", request, holder),
    takeSharedSlots([{ key: `upload\n${key}`, max }]),
  ]);
  const taken = shared.status === "fulfilled" && "release" in shared.value ? shared.value : null;
  const counts = processState("upload-slots", () => new Map<string, number>());
  const count = counts.get(key) ?? 0;
  if (rated.status === "rejected" || !taken || count >= max) {
    taken?.release();
    if (rated.status === "rejected") throw rated.reason;
    throw ApiError.of(
      "too_many_requests",
      "This link is already uploading as many files at once as it may. Try again when one is done.",
    ).retryAfter(2);
  }
  counts.set(key, count + 1);
  try {
    return await upload();
  } finally {
    taken.release();
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  }
}
