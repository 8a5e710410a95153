import { z } from "zod";
import { attachedFileSchema, toFileMapping, type AttachedFile } from "@/lib/form/answer-schema";
import type { FileMapping } from "@/lib/dify/schemas";
import type { LaunchMode, StartField } from "@/lib/launcher/start-form-view";

// What a person enters to start the app, and how it becomes the upstream's `inputs` (and chat
// `query`). The one schema is used by the form in the browser and again by POST /api/launch.

export type StartValues = {
  inputs: Record<string, string | boolean | AttachedFile[]>;
  /** The chat message (chat apps only; empty otherwise). */
  query: string;
};

const MAX_QUERY_LENGTH = 10_000;

const filled = (value: string) => value.trim().length > 0;

export type StartFormMessages = {
  atMostCharacters: (max: number) => string;
  enter: (label: string) => string;
  choose: (label: string) => string;
  chooseOption: string;
  enterNumber: string;
  attachOnlyOne: string;
  attachFile: string;
  attachAtMost: (max: number) => string;
  attachAtLeastOne: string;
  messageTooLong: string;
  writeMessage: string;
  jsonNotObject: string;
  jsonSyntax: (detail: string) => string;
};

// The server checks the start values again with these; the browser passes its page's language.
const ENGLISH: StartFormMessages = {
  atMostCharacters: (max) => `At most ${max} characters.`,
  enter: (label) => `Enter ${label}.`,
  choose: (label) => `Choose ${label}.`,
  chooseOption: "Choose one of the options.",
  enterNumber: "Enter a number.",
  attachOnlyOne: "Attach only one file.",
  attachFile: "Attach a file.",
  attachAtMost: (max) => `Attach at most ${max}.`,
  attachAtLeastOne: "Attach at least one file.",
  messageTooLong: "The message is too long.",
  writeMessage: "Write a message to start with.",
  jsonNotObject: 'Enter a JSON object, in braces: {"key": "value"}.',
  jsonSyntax: (detail) => `This is not valid JSON: ${detail}`,
};

const MAX_JSON_LENGTH = 100_000;

// The object a JSON editor's text holds, or why it holds none.
function parseJsonObject(
  text: string,
): { object: Record<string, unknown> } | { syntax: string } | { notObject: true } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { syntax: error instanceof Error ? error.message : String(error) };
  }
  return value && typeof value === "object" && !Array.isArray(value)
    ? { object: value as Record<string, unknown> }
    : { notObject: true };
}

function textSchema(
  field: { label: string; required: boolean; maxLength?: number | null },
  messages: StartFormMessages,
) {
  let schema = z.string();
  if (field.maxLength) {
    schema = schema.max(field.maxLength, messages.atMostCharacters(field.maxLength));
  }
  return field.required ? schema.refine(filled, messages.enter(field.label)) : schema;
}

function fieldSchema(field: StartField, messages: StartFormMessages): z.ZodType {
  switch (field.kind) {
    case "text":
    case "paragraph":
    case "other":
      return textSchema(field, messages);
    case "select": {
      const options = field.options;
      return z
        .string()
        .refine((value) => (value === "" ? !field.required : options.includes(value)), {
          message: field.required ? messages.choose(field.label) : messages.chooseOption,
        });
    }
    case "number":
      return z
        .string()
        .refine((value) => !field.required || filled(value), messages.enter(field.label))
        .refine((value) => !filled(value) || Number.isFinite(Number(value)), messages.enterNumber);
    case "file": {
      const one = z.array(attachedFileSchema).max(1, messages.attachOnlyOne);
      return field.required ? one.min(1, messages.attachFile) : one;
    }
    case "checkbox":
      return z.boolean();
    case "json":
      return z
        .string()
        .max(MAX_JSON_LENGTH, messages.atMostCharacters(MAX_JSON_LENGTH))
        .superRefine((value, ctx) => {
          if (!filled(value)) {
            if (field.required)
              ctx.addIssue({ code: "custom", message: messages.enter(field.label) });
            return;
          }
          const parsed = parseJsonObject(value);
          if ("syntax" in parsed)
            ctx.addIssue({ code: "custom", message: messages.jsonSyntax(parsed.syntax) });
          else if ("notObject" in parsed)
            ctx.addIssue({ code: "custom", message: messages.jsonNotObject });
        });
    case "file-list": {
      let list = z.array(attachedFileSchema);
      if (field.maxFiles > 0)
        list = list.max(field.maxFiles, messages.attachAtMost(field.maxFiles));
      return field.required ? list.min(1, messages.attachAtLeastOne) : list;
    }
  }
}

/**
 * The zod schema of the start form: one entry per input, and the message for a chat app, with
 * messages in the page's language (English on the server).
 */
export function buildStartFormSchema(
  fields: readonly StartField[],
  mode: LaunchMode,
  messages: StartFormMessages = ENGLISH,
) {
  const inputs: Record<string, z.ZodType> = {};
  for (const field of fields) {
    // A missing answer is an empty one, and still goes through the field's checks.
    const empty =
      field.kind === "file" || field.kind === "file-list"
        ? []
        : field.kind === "checkbox"
          ? false
          : "";
    inputs[field.name] = fieldSchema(field, messages).prefault(empty);
  }
  const query = z.string().max(MAX_QUERY_LENGTH, messages.messageTooLong).prefault("");
  return z.object({
    inputs: z.object(inputs),
    query: mode === "chatflow" ? query.refine(filled, messages.writeMessage) : query,
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

type StartInput = string | number | boolean | Record<string, unknown> | FileMapping | FileMapping[];

/**
 * The upstream's `inputs`: a number as a number, a checkbox as a boolean, JSON as the object it
 * holds, a file as one mapping, a file list as an array of mappings. Empty answers are left out,
 * so the app's own defaults and checks apply to them.
 */
export function toStartInputs(
  fields: readonly StartField[],
  values: StartValues,
): Record<string, StartInput> {
  const inputs: Record<string, StartInput> = {};
  for (const field of fields) {
    const value = values.inputs[field.name];
    if (typeof value === "boolean") {
      if (field.kind === "checkbox") inputs[field.name] = value;
    } else if (field.kind === "json") {
      const parsed = typeof value === "string" && filled(value) ? parseJsonObject(value) : null;
      if (parsed && "object" in parsed) inputs[field.name] = parsed.object;
    } else if (Array.isArray(value)) {
      if (value.length === 0) continue;
      if (field.kind === "file") inputs[field.name] = toFileMapping(value[0]!);
      else if (field.kind === "file-list") inputs[field.name] = value.map(toFileMapping);
    } else if (typeof value === "string" && filled(value)) {
      inputs[field.name] = field.kind === "number" ? Number(value) : value;
    }
  }
  return inputs;
}
