import * as z from "zod/mini";

// Dify's error shape plus `issues`; zod/mini, as the browser reads it.

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
