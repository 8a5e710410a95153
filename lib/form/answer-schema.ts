import * as z from "zod/mini";
import { encodeFieldIssue, type SayIssue } from "@/lib/fields/field-issue";
import { buildFieldsShape } from "@/lib/fields/field-schema";
import { toFieldSpecs } from "@/lib/form/answers";
import type { FieldView } from "@/lib/form/form-view";

// The schema of a Human Input form's answers. The browser loads it once the page is in it (the
// form's resolver, components/form/human-input-form.tsx): zod stays out of the page's first load.
// What the answers are and how they are sent is in lib/form/answers.ts.

/**
 * The zod schema of a form's answers, built from its fields. Only the browser checks answers with
 * it (the service checks them again), so its problems are message keys by default, translated
 * where they are shown.
 */
export function buildAnswerSchema(fields: readonly FieldView[], say: SayIssue = encodeFieldIssue) {
  return z.object(buildFieldsShape(toFieldSpecs(fields), { dialect: "human-input", say }));
}
