import "server-only";
import type { Readable } from "node:stream";
import { ApiError } from "@/lib/errors/api-error";

/**
 * Caps the whole upload body (none while the file's limit is looked up: backpressure holds it) and
 * cuts off a client gone quiet (quiet while the proxy holds the body back is not the client's) or
 * past the whole body's deadline.
 */
export function watchUploadBody(
  input: Readable,
  options: {
    idleTimeoutMs: number;
    /** The whole body's deadline, however steadily it arrives. */
    timeoutMs: number;
    allowanceBytes: number;
    fail: (error: ApiError) => void;
  },
) {
  let cap: number | null = options.allowanceBytes;
  let bytes = 0;
  let over = false;
  const check = () => {
    if (cap === null || bytes <= cap) return;
    options.fail(ApiError.of("payload_too_large", "The upload is larger than this app allows."));
  };
  const timer = setTimeout(() => {
    const seen = bytes;
    // A busy event loop runs a late timer before it reads the sockets: the verdict waits for the
    // data already at hand.
    setImmediate(() => {
      if (over || bytes !== seen) return;
      if (input.isPaused() || cap === null) timer.refresh();
      else options.fail(ApiError.of("request_timeout", "The upload stopped sending data."));
    });
  }, options.idleTimeoutMs);
  const deadline = setTimeout(
    () => options.fail(ApiError.of("request_timeout", "The upload took too long. Send it again.")),
    options.timeoutMs,
  );
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    timer.refresh();
    check();
  };
  const stop = () => {
    over = true;
    clearTimeout(timer);
    clearTimeout(deadline);
    input.off("data", onData);
  };
  input.on("data", onData).once("end", stop);
  return {
    /** The file's limit: null while it is looked up, then the cap becomes it plus the allowance. */
    fileLimit(maxBytes: number | null) {
      cap = maxBytes === null ? null : maxBytes + options.allowanceBytes;
      check();
    },
    stop,
  };
}
