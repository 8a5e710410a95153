import * as z from "zod/mini";

// One error envelope for every API response: `{status, code, message, issues?}`, the shape Dify
// uses plus `issues` (which input a 400 is about), so callers branch on `code` and mark fields by
// `issues[].path` whichever side an error came from. zod/mini: the browser reads it
// (lib/client/api-fetch.ts); the server's side of it is lib/errors/api-error.ts.

/** One refused input: its dotted path in the request (`operation_data.0.document_id`). */
export const errorIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

/** The envelope as it travels: `code` is any string here, the reader narrows it to ErrorCode. */
export const errorEnvelopeSchema = z.object({
  status: z.int(),
  code: z.string(),
  message: z.string(),
  issues: z.optional(z.array(errorIssueSchema)),
});
