import "server-only";
import type { Readable } from "node:stream";
import type { ApiError } from "@/lib/errors/api-error";
import { uploadRefusal } from "@/lib/server/files/upload-refusal";

/**
 * Counts the whole upload body against its cap and cuts off a client that goes quiet. The cap is
 * `allowanceBytes` until the file's limit is known, then that limit plus the allowance; none while
 * the limit is looked up (backpressure holds the body meanwhile). Quiet while the proxy holds the
 * body back (a slow upstream, the lookup) is not the client's silence: the timer starts over.
 */
export function watchUploadBody(
  input: Readable,
  options: { idleTimeoutMs: number; allowanceBytes: number; fail: (error: ApiError) => void },
) {
  let cap: number | null = options.allowanceBytes;
  let bytes = 0;
  const check = () => {
    if (cap !== null && bytes > cap) options.fail(uploadRefusal("bodyTooLarge"));
  };
  const timer = setTimeout(() => {
    if (input.isPaused() || cap === null) timer.refresh();
    else options.fail(uploadRefusal("idle"));
  }, options.idleTimeoutMs);
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    // refresh() re-arms the same timer without a new one.
    timer.refresh();
    check();
  };
  input.on("data", onData).once("end", () => clearTimeout(timer));
  return {
    /** The file's limit: null while it is looked up, then the cap becomes it plus the allowance. */
    fileLimit(maxBytes: number | null) {
      cap = maxBytes === null ? null : maxBytes + options.allowanceBytes;
      check();
    },
    stop() {
      clearTimeout(timer);
      input.off("data", onData);
    },
  };
}
