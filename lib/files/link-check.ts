import * as z from "zod/mini";
import { apiFetch } from "@/lib/client/api-fetch";
import { fileTypeSchema } from "@/lib/dify/file-types";
import type { UploadTarget } from "@/lib/files/upload-with-progress";

/** A link the page asks about for a file field: which field, and the link as typed. */
export const linkCheckRequestSchema = z.object({
  field: z.string().check(z.minLength(1), z.maxLength(255)),
  url: z.string().check(z.maxLength(4096)),
});

/** The server's word on a link: what to send for it, or why the field cannot take it. */
export const linkCheckSchema = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    url: z.string(),
    name: z.string(),
    type: fileTypeSchema,
    extension: z.string(),
  }),
  z.object({
    ok: z.literal(false),
    problem: z.enum(["invalid", "scheme", "credentials", "address", "unreachable", "notAccepted"]),
    detected: z.optional(fileTypeSchema),
  }),
]);
export type LinkCheck = z.infer<typeof linkCheckSchema>;

/** Asks the route beside the field's upload route about a link, with the upload's headers. */
export const requestLinkCheck = async (
  target: UploadTarget,
  body: z.infer<typeof linkCheckRequestSchema>,
) => apiFetch(`${await target.url}/link`, linkCheckSchema, { json: body, headers: target.headers });
