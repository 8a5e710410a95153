import { z } from "zod";
import type { SystemParameters } from "@/lib/dify/schemas";

// The app's own view of a Human Input form: what the browser receives, shared by the server that
// builds it and the browser that checks it. The wire shape is mapped in
// lib/server/form/to-form-view.ts and nowhere else; only whitelisted fields leave the server.

const fileFieldBase = {
  name: z.string(),
  label: z.string(),
  allowedTypes: z.array(z.string()),
  allowedExtensions: z.array(z.string()),
  methods: z.array(z.string()),
};

export const fieldViewSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("paragraph"),
    name: z.string(),
    label: z.string(),
    defaultValue: z.string(),
  }),
  z.object({
    kind: z.literal("select"),
    name: z.string(),
    label: z.string(),
    options: z.array(z.string()),
    defaultValue: z.string(),
  }),
  z.object({ kind: z.literal("file"), ...fileFieldBase }),
  z.object({ kind: z.literal("file-list"), ...fileFieldBase, maxFiles: z.number().int() }),
  z.object({ kind: z.literal("unknown"), name: z.string(), label: z.string(), type: z.string() }),
]);
export type FieldView = z.infer<typeof fieldViewSchema>;
/** A file or file-list field: the shape the file field component takes, on either page. */
export type FileFieldView = Extract<FieldView, { kind: "file" | "file-list" }>;

export const actionViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  style: z.enum(["primary", "default", "accent", "ghost"]),
});
export type ActionView = z.infer<typeof actionViewSchema>;

export const uploadLimitsSchema = z.object({
  /** Bytes per category. */
  imageBytes: z.number(),
  videoBytes: z.number(),
  audioBytes: z.number(),
  documentBytes: z.number(),
});
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

export const formViewSchema = z.object({
  token: z.string(),
  content: z.string(),
  fields: z.array(fieldViewSchema),
  actions: z.array(actionViewSchema),
  /** Unix seconds, or null when the form does not expire. */
  expiresAt: z.number().nullable(),
  limits: uploadLimitsSchema,
});
export type FormView = z.infer<typeof formViewSchema>;

const MB = 1024 * 1024;

// NOTE: shared with the launcher's view, which still maps its wire shape outside lib/server.
export function toUploadLimits(system: SystemParameters | undefined): UploadLimits {
  return {
    imageBytes: (system?.image_file_size_limit ?? 10) * MB,
    videoBytes: (system?.video_file_size_limit ?? 100) * MB,
    audioBytes: (system?.audio_file_size_limit ?? 50) * MB,
    documentBytes: (system?.file_size_limit ?? 15) * MB,
  };
}
