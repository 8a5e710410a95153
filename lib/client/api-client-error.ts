import type { ErrorCode } from "@/lib/errors/error-code";
import type { ErrorIssue } from "@/lib/errors/error-envelope";

// Apart from the response reader, so code that only branches on it loads no zod with the page.

export class ApiClientError extends Error {
  override name = "ApiClientError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Which inputs a 400 is about, as dotted paths of the request (`operation_data.0.name`). */
    readonly issues: readonly ErrorIssue[] = [],
  ) {
    super(message);
  }
}
