import * as z from "zod/mini";
import { encodeFieldIssue } from "@/lib/fields/field-issue";
import { buildFieldsShape } from "@/lib/fields/field-schema";
import { toFieldSpecs } from "@/lib/form/answers";
import type { FieldView } from "@/lib/form/form-view";

/**
 * The zod schema of a Human Input form's answers. Only the browser checks answers with it, once
 * the page is in it (the service checks them again), so its problems are message keys, translated
 * where they are shown.
 */
export function buildAnswerSchema(fields: readonly FieldView[]) {
  return z.object(
    buildFieldsShape(toFieldSpecs(fields), { dialect: "human-input", say: encodeFieldIssue }),
  );
}
