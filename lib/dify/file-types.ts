import * as z from "zod/mini";

// Apart from the wire's other shapes: a form's answers' schema needs only this, and loads on a
// slow phone's first tap without building every schema of the service API.

/** Dify's file types: what a file field allows and what a file mapping says a file is. */
export const FILE_TYPES = ["image", "document", "audio", "video", "custom"] as const;
export const fileTypeSchema = z.enum(FILE_TYPES);
export type FileType = z.infer<typeof fileTypeSchema>;
