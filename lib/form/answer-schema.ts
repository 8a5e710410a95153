import * as z from "zod/mini";
import type { FileMapping } from "@/lib/dify/schemas";
import type { AttachedFile } from "@/lib/fields/attached-file";
import { encodeFieldIssue, type SayIssue } from "@/lib/fields/field-issue";
import { buildFieldsShape } from "@/lib/fields/field-schema";
import type { FieldSpec } from "@/lib/fields/field-spec";
import { defaultValues, toWireInputs } from "@/lib/fields/wire-inputs";
import type { FieldView } from "@/lib/form/form-view";

// What a person answers on a Human Input form, as the browser holds it, and how it becomes the
// upstream's `inputs`: the form's fields in the one field model (lib/fields).

// Kept under their old names for the draft store and the tests that read them from here.
export { attachedFileSchema, type AttachedFile } from "@/lib/fields/attached-file";

export type AnswerValue = string | AttachedFile[];
export type Answers = Record<string, AnswerValue>;

/** Whether the service needs a value for this field (shown as a required marker). */
export function isRequired(field: FieldView): boolean {
  return field.kind === "select" || field.kind === "file";
}

/**
 * A form's fields in the one field model. Labels come from the variable names; an unknown input
 * type has no field (the page notes it, the service says so if it needs a value).
 */
export function toFieldSpecs(fields: readonly FieldView[]): FieldSpec[] {
  return fields.flatMap((field): FieldSpec[] => {
    const common = { name: field.name, label: field.label, required: isRequired(field) };
    switch (field.kind) {
      case "paragraph":
        return [
          { kind: "paragraph", ...common, defaultValue: field.defaultValue, maxLength: null },
        ];
      case "select":
        return [
          { kind: "select", ...common, options: field.options, defaultValue: field.defaultValue },
        ];
      case "file":
      case "file-list":
        return [{ ...field, ...common }];
      case "unknown":
        return [];
    }
  });
}

/**
 * The zod schema of a form's answers, built from its fields. Only the browser checks answers with
 * it (the service checks them again), so its problems are message keys by default, translated
 * where they are shown.
 */
export function buildAnswerSchema(fields: readonly FieldView[], say: SayIssue = encodeFieldIssue) {
  return z.object(buildFieldsShape(toFieldSpecs(fields), { dialect: "human-input", say }));
}

/** Starting values: suggestions for paragraphs, defaults for selects, no files. */
export function initialAnswers(fields: readonly FieldView[]): Answers {
  return defaultValues(toFieldSpecs(fields)) as Answers;
}

/**
 * The upstream's `inputs`: every declared input present (an empty paragraph as ""), a file as one
 * mapping, a file list as an array of mappings. Unknown input types are left out: we cannot know
 * their value's shape, and the service says so if it needs one.
 */
export function toSubmissionInputs(
  fields: readonly FieldView[],
  answers: Answers,
): Record<string, string | FileMapping | FileMapping[]> {
  return toWireInputs(toFieldSpecs(fields), answers, "human-input") as Record<
    string,
    string | FileMapping | FileMapping[]
  >;
}
