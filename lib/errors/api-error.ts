import { $ZodError, safeParse, type $ZodType, type output } from "zod/v4/core";
import { EnvError } from "@/lib/errors/env-error";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors/error-code";
import type { ErrorIssue } from "@/lib/errors/error-envelope";

/** At most this many issues travel; a body of a thousand bad entries answers with the first. */
export const MAX_ERROR_ISSUES = 20;

const API_ERROR = Symbol.for("dify-human-input.api-error");

export class ApiError extends Error {
  // Next may load this module once per route bundle, and an error thrown by a copy kept in process
  // state (the Dify client) comes from another copy's class: the brand makes `instanceof` hold.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && API_ERROR in value;
  }
  readonly [API_ERROR] = true;
  override name = "ApiError";
  /** Headers the error response carries besides the envelope (e.g. Retry-After). */
  headers: Record<string, string> = {};
  /** An upstream refusal's own text, for the server's reading and log only: never answered. */
  upstreamText?: string;

  /** `status` apart from the code's: an upstream error passes through with the status it had. */
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
  }

  /** The same error, answered with `Retry-After: seconds`. */
  retryAfter(seconds: number): this {
    this.headers["Retry-After"] = String(Math.max(1, Math.ceil(seconds)));
    return this;
  }

  /**
   * The same error, for a request whose body is left unread: the connection closes after the
   * answer (it cannot carry another request), once the client has had time to read the answer.
   */
  leavesBodyUnread(): this {
    this.headers.Connection = "close";
    return this;
  }

  static of(code: ErrorCode, message: string, issues?: ErrorIssue[]): ApiError {
    return new ApiError(ERROR_STATUS[code], code, message, issues);
  }

  /** A refused input: 400 invalid_request with the zod error's issues, paths dotted (`inputs.tone`). */
  static fromZod(error: $ZodError): ApiError {
    const issues = error.issues.slice(0, MAX_ERROR_ISSUES).map((issue) => ({
      path: issue.path.map(String).join("."),
      message: issue.message,
    }));
    return ApiError.of("invalid_request", describeZodError(error), issues);
  }

  toResponse(): Response {
    return Response.json(this.toJSON(), { status: this.status, headers: this.headers });
  }

  toJSON() {
    const { status, code, message, issues } = this;
    return { status, code, message, ...(issues?.length ? { issues } : {}) };
  }
}

/** Human text for the parts of a zod error, e.g. `inputs.tone: Invalid input`. */
export function describeZodError(error: $ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
    )
    .join("; ");
}

/** A caller's input through its schema: a refusal is 400 invalid_request naming each value. */
export function parseInput<S extends $ZodType>(schema: S, value: unknown): output<S> {
  const result = safeParse(schema, value);
  if (!result.success) throw ApiError.fromZod(result.error);
  return result.data;
}

/** Upstream data through the app's schema: a refusal is 502, its paths in the log only. */
export function parseUpstream<S extends $ZodType>(
  schema: S,
  value: unknown,
  what: string,
): output<S> {
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  const detail = describeZodError(result.error);
  console.warn(JSON.stringify({ level: "warn", msg: "upstream data refused", what, detail }));
  throw ApiError.of(
    "upstream_bad_response",
    "The workflow service sent data this app cannot read.",
  );
}

/**
 * Anything but an ApiError is the server's own fault: a generic 500, its detail only logged, as is
 * an internal_error thrown on purpose. Invalid settings are 503: the variable at fault is named in
 * the log and by /api/ready, not to every caller.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) {
    if (error.code === "internal_error") logInternal(error.message);
    return error;
  }
  if (error instanceof EnvError) {
    return ApiError.of(
      "server_misconfigured",
      "This server is not configured correctly. Its operator has been told.",
    );
  }
  const detail =
    error instanceof $ZodError
      ? describeZodError(error)
      : error instanceof Error
        ? error.name
        : typeof error;
  logInternal(detail, "unhandled error");
  return ApiError.of("internal_error", "Something went wrong on our side. Please try again.");
}

function logInternal(detail: string, msg = "internal error") {
  console.error(JSON.stringify({ level: "error", msg, detail }));
}

/** The Response of anything thrown in a route handler (see toApiError). */
export function errorResponse(error: unknown): Response {
  return toApiError(error).toResponse();
}
