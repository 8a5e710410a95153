import type { FileMapping } from "@/lib/dify/browser-schemas";
import type { AttachedFile } from "@/lib/fields/attached-file";
import type { FieldSpec } from "@/lib/fields/field-spec";
import { defaultValues, toWireInputs } from "@/lib/fields/wire-inputs";
import type { FieldView } from "@/lib/form/form-view";

// What a person answers on a Human Input form, as the browser holds it, and how it becomes the
// upstream's `inputs`: the form's fields in the shared field model. Without zod, so the
// form page's first load does without it; the answers' schema is loaded with the form's resolver.

export type { AttachedFile };

export type AnswerValue = string | AttachedFile[];
/** Answers by variable name. */
export type Answers = Record<string, AnswerValue>;

/** The answers as the page's form holds them: each under its field's answerKey. */
export type FormValues = Record<string, AnswerValue>;

/** Whether the service needs a value for this field (shown as a required marker). */
export function isRequired(field: FieldView): boolean {
  return (field.kind === "select" && field.options.length > 0) || field.kind === "file";
}

/**
 * A form's fields in the shared field model. Labels come from the variable names; an unknown input
 * type has no field (the page notes it, the service says so if it needs a value).
 */
export function toFieldSpecs(fields: readonly FieldView[]): FieldSpec[] {
  return fields.flatMap((field): FieldSpec[] => {
    const required = isRequired(field);
    switch (field.kind) {
      case "paragraph":
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

/**
 * The upstream's `inputs`: every declared input present (an empty paragraph as ""), a file as one
 * mapping, a file list as an array of mappings. An input of an unknown type is sent as "": a
 * server refuses a submission that lacks any declared key, and we cannot know the value's shape.
 */
export function toSubmissionInputs(
  fields: readonly FieldView[],
  answers: Answers,
): Record<string, string | FileMapping | FileMapping[]> {
  // No prototype: `__proto__` is a legal variable name, kept as an own key.
  const inputs = Object.create(null) as Record<string, string | FileMapping | FileMapping[]>;
  for (const field of fields) if (field.kind === "unknown") inputs[field.name] = "";
  return Object.assign(
    inputs,
    toWireInputs(toFieldSpecs(fields), answers, "human-input") as typeof inputs,
  );
}
