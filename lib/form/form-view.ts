import * as z from "zod/mini";
import { fieldSpecSchema } from "@/lib/fields/field-spec";
import { uploadLimitsSchema } from "@/lib/files/upload-limits-schema";

// The app's own view of a Human Input form: only whitelisted fields leave the server.

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
  fields: z.array(fieldSpecSchema).check(
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
