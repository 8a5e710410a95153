import { z } from "zod";

// One error envelope for every API response: `{status, code, message}`, the same shape Dify uses,
// so callers branch on `code` whichever side an error came from.

/** Codes the app itself raises, with their HTTP statuses. Upstream codes pass through unchanged. */
export const APP_ERROR_STATUS = {
  invalid_request: 400,
  /** A chat app was started without its message (the launcher asks for one). */
  message_required: 400,
  unauthorized: 401,
  link_invalid: 403,
  link_expired: 403,
  link_missing: 403,
  /** A link that opens its own form only was asked for another form of its run. */
  link_scope: 403,
  forbidden_origin: 403,
  not_found: 404,
  /** A request body that sent nothing for too long (uploads). */
  request_timeout: 408,
  unsupported_media_type: 415,
  file_too_large: 413,
  /** A request body past the route's size limit (JSON bodies, an upload's whole body). */
  payload_too_large: 413,
  /** This link already has MAX_STREAMS_PER_LINK event streams open. */
  too_many_streams: 429,
  /** This server already holds MAX_OPEN_STREAMS event streams. */
  server_busy: 429,
  /** The server is stopping (SIGTERM): try again, another copy answers. */
  shutting_down: 503,
  upstream_bad_response: 502,
  /** The upstream refused this server's own key: a configuration problem, not the caller's. */
  upstream_key_refused: 502,
  upstream_unreachable: 502,
  upstream_timeout: 504,
  internal_error: 500,
} as const;
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export const errorEnvelopeSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly code: string;
  /** Headers the error response carries besides the envelope (e.g. Retry-After). */
  headers: Record<string, string> = {};

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }

  /** The same error, answered with `Retry-After: seconds`. */
  retryAfter(seconds: number): this {
    this.headers["Retry-After"] = String(Math.max(1, Math.ceil(seconds)));
    return this;
  }

  /** An error with one of the app's own codes. */
  static of(code: AppErrorCode, message: string): ApiError {
    return new ApiError(APP_ERROR_STATUS[code], code, message);
  }

  toJSON(): ErrorEnvelope {
    return { status: this.status, code: this.code, message: this.message };
  }
}

/** Human text for the parts of a zod error, e.g. `inputs.tone: Invalid input`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
    )
    .join("; ");
}

/**
 * Turns anything thrown in a route handler into a Response: validation → 400, ApiError → its own
 * status, anything else → a generic 500 that carries no stack, upstream body or secret.
 */
export function errorResponse(error: unknown, init?: { headers?: HeadersInit }): Response {
  let envelope: ErrorEnvelope;
  if (error instanceof ApiError) {
    envelope = error.toJSON();
  } else if (error instanceof z.ZodError) {
    envelope = ApiError.of("invalid_request", describeZodError(error)).toJSON();
  } else {
    console.error(
      "Unhandled error in route handler:",
      error instanceof Error ? error.name : typeof error,
    );
    envelope = ApiError.of(
      "internal_error",
      "Something went wrong on our side. Please try again.",
    ).toJSON();
  }
  return Response.json(envelope, {
    status: envelope.status,
    headers: {
      "Cache-Control": "no-store",
      ...(error instanceof ApiError ? error.headers : {}),
      ...init?.headers,
    },
  });
}
