import * as z from "zod/mini";
import { formInputsSchema } from "@/lib/dify/browser-schemas";
import { uploadAnswerSchema } from "@/lib/files/upload-answer";
import { formViewSchema } from "@/lib/form/form-view";
import { pathId } from "@/lib/ids/path-ids";

// The form routes' contract: each route's request and answer, once. The route handlers
// (app/api/forms/[token]/**) parse requests and answers through it, and the browser parses the
// answers with the same schemas (lib/form/form-api.ts loads this with the first call, not with
// the page, whose first load does without zod).

export const FORM_API = {
  /** GET /api/forms/{token} */
  get: { answer: formViewSchema },
  /** POST /api/forms/{token}. Only these fields are read; a `user` the browser sends is dropped. */
  submit: {
    request: z.object({
      inputs: formInputsSchema,
      action: z.string().check(z.minLength(1), z.maxLength(100)),
    }),
    answer: z.object({ ok: z.literal(true) }),
  },
  /** POST /api/forms/{token}/files (201) */
  upload: { answer: uploadAnswerSchema },
  /**
   * POST /api/forms/{token}/next-link: the form the run waits at, by its form_id (else its node
   * id), never by token, which the browser does not hold for any form but its own.
   */
  nextLink: {
    request: z.object({
      form_id: z.nullish(pathId("The form id")),
      node_id: pathId("The node id"),
    }),
    answer: z.object({ url: z.string() }),
  },
} as const;

export type SubmitRequest = z.infer<typeof FORM_API.submit.request>;
export type NextLinkRequest = z.infer<typeof FORM_API.nextLink.request>;
