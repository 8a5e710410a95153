import type { FileMapping } from "@/lib/dify/browser-schemas";
import type { AttachedFile } from "@/lib/fields/attached-file";
import type { FieldSpec } from "@/lib/fields/field-spec";
import { defaultValues, toWireInputs } from "@/lib/fields/wire-inputs";

// A Human Input form's answers as the browser holds them, and as the upstream's `inputs`. Without
// zod, which the form page's first load does without.

export type AnswerValue = string | AttachedFile[];
/** Answers by variable name. */
export type Answers = Record<string, AnswerValue>;

/** The answers as the page's form holds them: each under its field's answerKey. */
export type FormValues = Record<string, AnswerValue>;

/** Starting values: suggestions for paragraphs, defaults for selects, no files. */
export function initialAnswers(fields: readonly FieldSpec[]): Answers {
  return defaultValues(fields) as Answers;
}

type SubmissionInputs = Record<string, string | FileMapping | FileMapping[]>;

/** The upstream's `inputs`, every field named: a submission lacking a key is refused. */
export function toSubmissionInputs(fields: readonly FieldSpec[], answers: Answers) {
  return toWireInputs(fields, answers, "human-input") as SubmissionInputs;
}
