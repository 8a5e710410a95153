import * as z from "zod/mini";

// The field model of both forms: the launcher's start form and a Human Input form describe
// their fields with these kinds, so one schema builder, one set of defaults and one wire mapping
// serve both (decision 018).

const base = {
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
};

/** What a file field takes: kinds of file, extensions (for `custom`), and upload methods. */
export const fileConstraintsShape = {
  allowedTypes: z.array(z.string()),
  allowedExtensions: z.array(z.string()),
  methods: z.array(z.string()),
};

const fileBase = { ...base, ...fileConstraintsShape };
const textBase = { ...base, defaultValue: z.string(), maxLength: z.nullable(z.int()) };

export const fieldSpecSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("text"), ...textBase }),
  z.object({ kind: z.literal("paragraph"), ...textBase }),
  z.object({
    kind: z.literal("select"),
    ...base,
    options: z.array(z.string()),
    defaultValue: z.string(),
  }),
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

/**
 * How the upstream takes a form's answers. A start (`/workflows/run`, `/chat-messages`) leaves an
 * empty answer out so the app's own defaults apply; a Human Input submission names every declared
 * input, and its select and single-file inputs always need a value.
 */
export type WireDialect = "start" | "human-input";
