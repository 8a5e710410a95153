import type { ErrorCode } from "@/lib/errors/error-code";
import type { ErrorIssue } from "@/lib/errors/error-envelope";

// The error every browser call throws, apart from the reader of responses so that code which only
// branches on it does not load the response schemas (zod) with the page.

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
