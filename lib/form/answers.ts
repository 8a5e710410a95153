import type { FileMapping } from "@/lib/dify/browser-schemas";
import type { AttachedFile } from "@/lib/fields/attached-file";
import type { FieldSpec } from "@/lib/fields/field-spec";
import { defaultValues, toWireInputs } from "@/lib/fields/wire-inputs";
import type { FieldView } from "@/lib/form/form-view";

// A Human Input form's answers as the browser holds them, and as the upstream's `inputs`. Without
// zod, which the form page's first load does without.

export type AnswerValue = string | AttachedFile[];
/** Answers by variable name. */
export type Answers = Record<string, AnswerValue>;

/** The answers as the page's form holds them: each under its field's answerKey. */
export type FormValues = Record<string, AnswerValue>;

/** Whether the service needs a value for this field (shown as a required marker). */
export function isRequired(field: FieldView): boolean {
  return (field.kind === "select" && field.options.length > 0) || field.kind === "file";
}

/** A form's fields in the shared field model; an input of unknown type has none. */
export function toFieldSpecs(fields: readonly FieldView[]): FieldSpec[] {
  return fields.flatMap((field): FieldSpec[] => {
    const required = isRequired(field);
    switch (field.kind) {
      case "paragraph":
      case "text":
        return [{ ...field, required, maxLength: null }];
      case "unknown":
        return [];
      default:
        return [{ ...field, required }];
    }
  });
}

/** Starting values: suggestions for paragraphs, defaults for selects, no files. */
export function initialAnswers(fields: readonly FieldView[]): Answers {
  return defaultValues(toFieldSpecs(fields)) as Answers;
}

type SubmissionInputs = Record<string, string | FileMapping | FileMapping[]>;

/** The upstream's `inputs`: an unknown type as "", since a submission lacking a key is refused. */
export function toSubmissionInputs(fields: readonly FieldView[], answers: Answers) {
  const inputs = toWireInputs(toFieldSpecs(fields), answers, "human-input") as SubmissionInputs;
  for (const field of fields) if (field.kind === "unknown") inputs[field.name] = "";
  return inputs;
}
