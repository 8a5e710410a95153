import * as z from "zod/mini";
import { fileTypeSchema } from "@/lib/dify/file-types";

/** A file that finished uploading (local) or a link to one (remote), as a form's value holds it. */
export const attachedFileSchema = z.discriminatedUnion("source", [
  z.object({
    source: z.literal("local"),
    uploadFileId: z.string().check(z.minLength(1)),
    name: z.string(),
    size: z.number(),
    type: fileTypeSchema,
  }),
  z.object({
    source: z.literal("remote"),
    url: z.string(),
    name: z.string(),
    type: fileTypeSchema,
    /** The extension (no dot) the server builds the file with, as the app's link check found. */
    extension: z.optional(z.string()),
  }),
]);
export type AttachedFile = z.infer<typeof attachedFileSchema>;

/** Fields' values: text (text, number, select, JSON), a checkbox, or attached files. */
export type FieldValues = Record<string, string | boolean | AttachedFile[]>;
