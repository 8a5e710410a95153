import * as z from "zod/mini";

// The field model of both the launcher's start form and a Human Input form (decision 018).

const base = {
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
};

/** What a file field takes: kinds of file, extensions (for `custom`), and upload methods. */
const fileConstraintsShape = {
  allowedTypes: z.array(z.string()),
  allowedExtensions: z.array(z.string()),
  methods: z.array(z.string()),
};

/** A select's options and its default choice. */
const selectShape = { options: z.array(z.string()), defaultValue: z.string() };

const fileBase = { ...base, ...fileConstraintsShape };
const textBase = { ...base, defaultValue: z.string(), maxLength: z.nullable(z.int()) };

export const fieldSpecSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("text"), ...textBase }),
  z.object({ kind: z.literal("paragraph"), ...textBase }),
  z.object({ kind: z.literal("select"), ...base, ...selectShape }),
  z.object({ kind: z.literal("number"), ...base, defaultValue: z.string() }),
  z.object({ kind: z.literal("checkbox"), ...base, defaultValue: z.boolean() }),
  /** A JSON object, edited as text. */
  z.object({ kind: z.literal("json"), ...base, defaultValue: z.string() }),
  z.object({ kind: z.literal("file"), ...fileBase }),
  z.object({ kind: z.literal("file-list"), ...fileBase, maxFiles: z.int() }),
  /** A control this page does not know: asked for as plain text, with a note. */
  z.object({ kind: z.literal("other"), ...base, type: z.string(), defaultValue: z.string() }),
]);
export type FieldSpec = z.infer<typeof fieldSpecSchema>;
/** A file or file-list field: the shape the file field component takes, on either page. */
export type FileFieldSpec = Extract<FieldSpec, { kind: "file" | "file-list" }>;

/** A start leaves empty answers out (the app's defaults apply); a Human Input names every input. */
export type WireDialect = "start" | "human-input";
