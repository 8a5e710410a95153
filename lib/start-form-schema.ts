import { z } from "zod";
import { attachedFileSchema, toFileMapping, type AttachedFile } from "@/lib/answer-schema";
import type { FileMapping } from "@/lib/dify/schemas";
import type { LaunchMode, StartField } from "@/lib/start-form-view";

// What a person enters to start the app, and how it becomes the upstream's `inputs` (and chat
// `query`). The one schema is used by the form in the browser and again by POST /api/launch.

export type StartValues = {
  inputs: Record<string, string | AttachedFile[]>;
  /** The chat message (chat apps only; empty otherwise). */
  query: string;
};

const MAX_QUERY_LENGTH = 10_000;

const filled = (value: string) => value.trim().length > 0;

function textSchema(field: { label: string; required: boolean; maxLength?: number | null }) {
  let schema = z.string();
  if (field.maxLength) {
    schema = schema.max(field.maxLength, `At most ${field.maxLength} characters.`);
  }
  return field.required ? schema.refine(filled, `Enter ${field.label}.`) : schema;
}

function fieldSchema(field: StartField): z.ZodType {
  switch (field.kind) {
    case "text":
    case "paragraph":
    case "other":
      return textSchema(field);
    case "select": {
      const options = field.options;
      return z
        .string()
        .refine((value) => (value === "" ? !field.required : options.includes(value)), {
          message: field.required ? `Choose ${field.label}.` : "Choose one of the options.",
        });
    }
    case "number":
      return z
        .string()
        .refine((value) => !field.required || filled(value), `Enter ${field.label}.`)
        .refine((value) => !filled(value) || Number.isFinite(Number(value)), "Enter a number.");
    case "file": {
      const one = z.array(attachedFileSchema).max(1, "Attach only one file.");
      return field.required ? one.min(1, "Attach a file.") : one;
    }
    case "file-list": {
      let list = z.array(attachedFileSchema);
      if (field.maxFiles > 0) list = list.max(field.maxFiles, `Attach at most ${field.maxFiles}.`);
      return field.required ? list.min(1, "Attach at least one file.") : list;
    }
  }
}

/** The zod schema of the start form: one entry per input, and the message for a chat app. */
export function buildStartFormSchema(fields: readonly StartField[], mode: LaunchMode) {
  const inputs: Record<string, z.ZodType> = {};
  for (const field of fields) {
    // A missing answer is an empty one, and still goes through the field's checks.
    const empty = field.kind === "file" || field.kind === "file-list" ? [] : "";
    inputs[field.name] = fieldSchema(field).prefault(empty);
  }
  const query = z.string().max(MAX_QUERY_LENGTH, "The message is too long.").prefault("");
  return z.object({
    inputs: z.object(inputs),
    query: mode === "chatflow" ? query.refine(filled, "Write a message to start with.") : query,
  }) as unknown as z.ZodType<StartValues, StartValues>;
}

/** Starting values: the app's defaults, no files, no message. */
export function startDefaults(fields: readonly StartField[]): StartValues {
  const inputs: StartValues["inputs"] = {};
  for (const field of fields) {
    inputs[field.name] =
      field.kind === "file" || field.kind === "file-list" ? [] : field.defaultValue;
  }
  return { inputs, query: "" };
}

/**
 * The upstream's `inputs`: a number as a number, a file as one mapping, a file list as an array
 * of mappings. Empty answers are left out, so the app's own defaults and checks apply to them.
 */
export function toStartInputs(
  fields: readonly StartField[],
  values: StartValues,
): Record<string, string | number | FileMapping | FileMapping[]> {
  const inputs: Record<string, string | number | FileMapping | FileMapping[]> = {};
  for (const field of fields) {
    const value = values.inputs[field.name];
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      if (field.kind === "file") inputs[field.name] = toFileMapping(value[0]!);
      else if (field.kind === "file-list") inputs[field.name] = value.map(toFileMapping);
    } else if (typeof value === "string" && filled(value)) {
      inputs[field.name] = field.kind === "number" ? Number(value) : value;
    }
  }
  return inputs;
}
