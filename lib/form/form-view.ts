import * as z from "zod/mini";
import { fileConstraintsShape, selectShape } from "@/lib/fields/field-spec";
import { uploadLimitsSchema } from "@/lib/files/upload-limits-schema";

// The app's own view of a Human Input form: only whitelisted fields leave the server.

const base = { name: z.string(), label: z.string() };
const fileFieldBase = { ...base, ...fileConstraintsShape };

export const fieldViewSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("paragraph"), ...base, defaultValue: z.string() }),
  z.object({ kind: z.literal("text"), ...base, defaultValue: z.string() }),
  z.object({ kind: z.literal("select"), ...base, ...selectShape }),
  z.object({ kind: z.literal("file"), ...fileFieldBase }),
  z.object({ kind: z.literal("file-list"), ...fileFieldBase, maxFiles: z.int() }),
  z.object({ kind: z.literal("unknown"), ...base, type: z.string() }),
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

export const formViewSchema = z.object({
  token: z.string(),
  content: z.string(),
  // Answers are keyed by name: a form with two fields of one name cannot be answered.
  fields: z.array(fieldViewSchema).check(
    z.refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, {
      error: "two fields have the same name",
    }),
  ),
  actions: z.array(actionViewSchema),
  /** Unix seconds, or null when the form does not expire. */
  expiresAt: z.nullable(z.number()),
  limits: uploadLimitsSchema,
});
export type FormView = z.infer<typeof formViewSchema>;
