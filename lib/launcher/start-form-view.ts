import * as z from "zod/mini";
import { fieldSpecSchema } from "@/lib/fields/field-spec";
import { uploadLimitsSchema } from "@/lib/files/upload-limits-schema";

// The launcher's view of an app's start form, shared by the server that builds it and the browser
// that checks it.

export const startFieldSchema = fieldSpecSchema;
export type StartField = z.infer<typeof startFieldSchema>;

/** How the launcher starts the app; `auto` until the app has said it is a chat app. */
export const launchModeSchema = z.enum(["workflow", "chatflow", "auto"]);
export type LaunchMode = z.infer<typeof launchModeSchema>;

export const startFormViewSchema = z.object({
  mode: launchModeSchema,
  fields: z.array(startFieldSchema),
  openingStatement: z.string(),
  suggestedQuestions: z.array(z.string()),
  limits: uploadLimitsSchema,
});
export type StartFormView = z.infer<typeof startFormViewSchema>;
