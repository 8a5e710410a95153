import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { getLimits } from "@/lib/server/limits";

function tooLarge(maxBytes: number): ApiError {
  return ApiError.of(
    "payload_too_large",
    `The request body is larger than this server accepts (${maxBytes} bytes).`,
  );
}

/**
 * Reads a JSON request body of at most `maxBytes` (MAX_JSON_BODY_BYTES): a wrong content type is
 * 415, a larger body 413 and unreadable JSON 400. The body is read as a stream and the rest of an
 * oversized one is never read: the answer goes out and Node closes the connection.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number = getLimits().MAX_JSON_BODY_BYTES,
): Promise<unknown> {
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
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        size += value.byteLength;
        // NOTE: no cancel(): cancelling destroys the socket before the 413 can be written.
        if (size > maxBytes) throw tooLarge(maxBytes);
        chunks.push(value);
      }
    } finally {
      reader.releaseLock();
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks, size).toString("utf8")) as unknown;
  } catch {
    throw ApiError.of("invalid_request", "The request body is not valid JSON.");
  }
}
