import * as z from "zod/mini";

/** What an upload route (a form's or the launcher's) answers with 201: the few fields the
 * browser needs of the stored file. The route parses its answer through it; the browser too. */
export const uploadAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  extension: z.nullable(z.string()),
  mimeType: z.nullable(z.string()),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;
