import "server-only";
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/errors/api-error";

const tooLarge = (maxBytes: number) =>
  ApiError.of(
    "payload_too_large",
    `The request body is larger than this server accepts (${maxBytes} bytes).`,
  ).leavesBodyUnread();

const tooSlow = () =>
  ApiError.of(
    "request_timeout",
    "The request body took too long to arrive. Send it again.",
  ).leavesBodyUnread();

/** A JSON request body within MAX_JSON_BODY_BYTES and its timeouts, a refused one not read on. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const limits = getEnv().limits;
  const maxBytes = limits.MAX_JSON_BODY_BYTES;
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw ApiError.of("unsupported_media_type", "Send the request body as application/json.");
  }
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    const idleMs = limits.JSON_BODY_IDLE_TIMEOUT_MS;
    const deadline = Date.now() + limits.JSON_BODY_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    try {
      for (;;) {
        // Each read waits for the next chunk, at most the idle limit and never past the deadline.
        const wait = Math.min(idleMs, deadline - Date.now());
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(tooSlow()), Math.max(wait, 0));
        });
        const { value, done } = await Promise.race([reader.read(), late]);
        clearTimeout(timer);
        if (done) break;
        size += value.byteLength;
        // NOTE: no cancel(): cancelling destroys the socket before the answer can be written.
        if (size > maxBytes) throw tooLarge(maxBytes);
        chunks.push(value);
      }
    } finally {
      clearTimeout(timer);
      reader.releaseLock();
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks, size).toString("utf8")) as unknown;
  } catch {
    throw ApiError.of("invalid_request", "The request body is not valid JSON.");
  }
}
