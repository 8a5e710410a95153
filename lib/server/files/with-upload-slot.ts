import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { getLimits } from "@/lib/server/limits";
import { processState } from "@/lib/server/ops/process-state";

// Uploads in flight per link (or launcher visitor): each holds an upstream connection and a
// body for as long as the browser takes to send it, so one link cannot hold many at once. The
// browser sends fewer at a time than this.

function inFlight(): Map<string, number> {
  return processState("upload-slots", () => new Map<string, number>());
}

/**
 * Runs `upload` in one of `key`'s MAX_UPLOADS_PER_LINK slots, freed when it settles; with none
 * free it throws 429 `too_many_requests` before anything is read or sent upstream.
 */
export async function withUploadSlot<T>(key: string, upload: () => Promise<T>): Promise<T> {
  const counts = inFlight();
  const count = counts.get(key) ?? 0;
  if (count >= getLimits().uploadsPerLink) {
    throw ApiError.of(
      "too_many_requests",
      "This link is already uploading as many files at once as it may. Try again when one is done.",
    ).retryAfter(2);
  }
  counts.set(key, count + 1);
  try {
    return await upload();
  } finally {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  }
}
