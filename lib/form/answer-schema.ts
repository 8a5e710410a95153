import { z } from "zod";
import { fileTypeSchema, type FileMapping } from "@/lib/dify/schemas";
import type { FieldView } from "@/lib/form/form-view";

// What a person answers, as the browser holds it, and how it becomes the upstream's `inputs`.

/** A file that finished uploading (local) or a link to one (remote). */
export const attachedFileSchema = z.discriminatedUnion("source", [
  z.object({
    source: z.literal("local"),
    uploadFileId: z.string().min(1),
    name: z.string(),
    size: z.number(),
    type: fileTypeSchema,
  }),
  z.object({
    source: z.literal("remote"),
    url: z.string(),
    name: z.string(),
    type: fileTypeSchema,
  }),
]);
export type AttachedFile = z.infer<typeof attachedFileSchema>;

export type AnswerValue = string | AttachedFile[];
export type Answers = Record<string, AnswerValue>;

/** Whether the service needs a value for this field (shown as a required marker). */
export function isRequired(field: FieldView): boolean {
  return field.kind === "select" || field.kind === "file";
}

export type AnswerMessages = {
  chooseOption: string;
  attachFile: string;
  attachOnlyOne: string;
  attachAtMost: (max: number) => string;
};

const ENGLISH: AnswerMessages = {
  chooseOption: "Choose one of the options.",
  attachFile: "Attach a file.",
  attachOnlyOne: "Attach only one file.",
  attachAtMost: (max) => `Attach at most ${max} files.`,
};

/** The zod schema of a form's answers, built from its fields, with messages in the page's language. */
export function buildAnswerSchema(
  fields: readonly FieldView[],
  messages: AnswerMessages = ENGLISH,
) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    switch (field.kind) {
      case "paragraph":
        shape[field.name] = z.string();
        break;
      case "select":
        shape[field.name] = z.string().refine((value) => field.options.includes(value), {
          message: messages.chooseOption,
        });
        break;
      case "file":
        shape[field.name] = z
          .array(attachedFileSchema)
          .min(1, messages.attachFile)
          .max(1, messages.attachOnlyOne);
        break;
      case "file-list":
        shape[field.name] =
          field.maxFiles > 0
            ? z.array(attachedFileSchema).max(field.maxFiles, messages.attachAtMost(field.maxFiles))
            : z.array(attachedFileSchema);
        break;
      case "unknown":
        break;
    }
  }
  return z.object(shape);
}

/** Starting values: suggestions for paragraphs, defaults for selects, no files. */
export function initialAnswers(fields: readonly FieldView[]): Answers {
  const answers: Answers = {};
  for (const field of fields) {
    if (field.kind === "paragraph" || field.kind === "select")
      answers[field.name] = field.defaultValue;
    else if (field.kind === "file" || field.kind === "file-list") answers[field.name] = [];
  }
  return answers;
}

/** An attached file as the upstream takes it in `inputs`. */
export function toFileMapping(file: AttachedFile): FileMapping {
  return file.source === "local"
    ? { type: file.type, transfer_method: "local_file", upload_file_id: file.uploadFileId }
    : { type: file.type, transfer_method: "remote_url", url: file.url };
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
  const inputs: Record<string, string | FileMapping | FileMapping[]> = {};
  for (const field of fields) {
    const value = answers[field.name];
    switch (field.kind) {
      case "paragraph":
      case "select":
        inputs[field.name] = typeof value === "string" ? value : "";
        break;
      case "file": {
        const first = Array.isArray(value) ? value[0] : undefined;
        if (first) inputs[field.name] = toFileMapping(first);
        break;
      }
      case "file-list":
        inputs[field.name] = Array.isArray(value) ? value.map(toFileMapping) : [];
        break;
      case "unknown":
        break;
    }
  }
  return inputs;
}
