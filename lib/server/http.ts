import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { ApiError } from "@/lib/errors/api-error";
import { getLimits } from "@/lib/server/limits";
import type { RequestView } from "@/lib/server/request-guards";

function tooLarge(maxBytes: number): ApiError {
  return ApiError.of(
    "payload_too_large",
    `The request body is larger than this server accepts (${maxBytes} bytes).`,
  );
}

/** A request with a body: Next's `Request`, or the form routes' Node request. */
export type RequestWithBody = Pick<RequestView, "headers"> & {
  body: ReadableStream<Uint8Array> | Readable | null;
};

/** A request body as a Node stream (Next's web body is wrapped, not copied). */
export function nodeBody(body: RequestWithBody["body"]): Readable | null {
  if (!body || body instanceof Readable) return body;
  return Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>);
}

/** Reads at most `maxBytes`; past them it stops reading (never drains) and refuses with 413. */
function readBounded(body: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      body.off("data", onData).off("end", onEnd).off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // NOTE: paused, not destroyed: destroying the socket would lose the 413 answer; the
        // answer goes out and Node closes the connection with the rest unread.
        stop();
        body.pause();
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = () => {
      stop();
      reject(ApiError.of("invalid_request", "The request body broke off."));
    };
    body.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/**
 * Reads a JSON request body of at most `maxBytes` (MAX_JSON_BODY_BYTES): a wrong content type is
 * 415, a larger body 413 and unreadable JSON 400. The body is read as a stream and the rest of an
 * oversized one is never read.
 */
export async function readJsonBody(
  request: RequestWithBody,
  maxBytes: number = getLimits().jsonBodyBytes,
): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw ApiError.of("unsupported_media_type", "Send the request body as application/json.");
  }
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const body = nodeBody(request.body);
  const bytes = body ? await readBounded(body, maxBytes) : Buffer.alloc(0);
  try {
    return JSON.parse(bytes.toString("utf8")) as unknown;
  } catch {
    throw ApiError.of("invalid_request", "The request body is not valid JSON.");
  }
}
