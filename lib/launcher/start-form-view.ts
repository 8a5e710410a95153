import * as z from "zod/mini";
import { fieldSpecSchema } from "@/lib/fields/field-spec";
import { uploadLimitsSchema } from "@/lib/files/upload-limits-schema";

// The launcher's view of an app's start form, shared by the server that builds it and the browser
// that checks it.

export const startFormViewSchema = z.object({
  /** How the launcher starts the app; `auto` until the app has said it is a chat app. */
  mode: z.enum(["workflow", "chatflow", "auto"]),
  fields: z.array(fieldSpecSchema),
  openingStatement: z.string(),
  suggestedQuestions: z.array(z.string()),
  limits: uploadLimitsSchema,
});
export type StartFormView = z.infer<typeof startFormViewSchema>;
export type LaunchMode = StartFormView["mode"];
