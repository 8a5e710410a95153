import { z } from "zod";
import { labelFromName } from "@/lib/form/form-content";
import {
  fileInputSchema,
  fileListInputSchema,
  paragraphInputSchema,
  selectInputSchema,
  type HumanInputForm,
  type SystemParameters,
} from "@/lib/dify/schemas";
import { fileConstraintsShape } from "@/lib/fields/field-spec";
import { toUploadLimits, uploadLimitsSchema } from "@/lib/files/upload-limits";

// The upload limits live with the files (lib/files/upload-limits); named here for the form's callers.
export { toUploadLimits, uploadLimitsSchema, type UploadLimits } from "@/lib/files/upload-limits";

// The app's own view of a Human Input form: what the browser receives. The raw wire shape is
// mapped here and nowhere else; only whitelisted fields leave the server.

const fileFieldBase = { name: z.string(), label: z.string(), ...fileConstraintsShape };

export const fieldViewSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("paragraph"),
    name: z.string(),
    label: z.string(),
    defaultValue: z.string(),
  }),
  z.object({
    kind: z.literal("select"),
    name: z.string(),
    label: z.string(),
    options: z.array(z.string()),
    defaultValue: z.string(),
  }),
  z.object({ kind: z.literal("file"), ...fileFieldBase }),
  z.object({ kind: z.literal("file-list"), ...fileFieldBase, maxFiles: z.number().int() }),
  z.object({ kind: z.literal("unknown"), name: z.string(), label: z.string(), type: z.string() }),
]);
export type FieldView = z.infer<typeof fieldViewSchema>;
/** A file or file-list field: the shape the file field component takes, on either page. */
export type FileFieldView = Extract<FieldView, { kind: "file" | "file-list" }>;

export const actionViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  style: z.enum(["primary", "default", "accent", "ghost"]),
});
export type ActionView = z.infer<typeof actionViewSchema>;

export const formViewSchema = z.object({
  token: z.string(),
  content: z.string(),
  fields: z.array(fieldViewSchema),
  actions: z.array(actionViewSchema),
  /** Unix seconds, or null when the form does not expire. */
  expiresAt: z.number().nullable(),
  limits: uploadLimitsSchema,
});
export type FormView = z.infer<typeof formViewSchema>;

const STYLES = new Set(["primary", "default", "accent", "ghost"]);

export function toFormView(
  token: string,
  form: HumanInputForm,
  system: SystemParameters | undefined,
): FormView {
  const defaults = form.resolved_default_values;
  const fields = form.inputs.map((input): FieldView => {
    const name = input.output_variable_name;
    const label = labelFromName(name);
    const initial = defaults[name];
    const initialText = typeof initial === "string" ? initial : "";
    const select = selectInputSchema.safeParse(input);
    if (select.success) {
      const options = select.data.option_source.value;
      const defaultValue = options.includes(initialText) ? initialText : "";
      return { kind: "select", name, label, options, defaultValue };
    }
    if (input.type === "paragraph") {
      // A constant default never comes in resolved_default_values: its text is default.value.
      const own = paragraphInputSchema.safeParse(input).data?.default;
      const constant = own?.type === "constant" ? (own.value ?? "") : "";
      const defaultValue = typeof initial === "string" ? initial : constant;
      return { kind: "paragraph", name, label, defaultValue };
    }
    const fileList = fileListInputSchema.safeParse(input);
    const file = fileList.success ? fileList.data : fileInputSchema.safeParse(input).data;
    if (file) {
      const base = {
        name,
        label,
        allowedTypes: file.allowed_file_types,
        allowedExtensions: file.allowed_file_extensions,
        methods: file.allowed_file_upload_methods,
      };
      if (file.type === "file-list")
        return { kind: "file-list", ...base, maxFiles: file.number_limits };
      return { kind: "file", ...base };
    }
    return { kind: "unknown", name, label, type: input.type };
  });
  return formViewSchema.parse({
    token,
    content: form.form_content,
    fields,
    actions: form.user_actions.map((action) => ({
      id: action.id,
      title: action.title,
      style: STYLES.has(action.button_style) ? action.button_style : "default",
    })),
    expiresAt: form.expiration_time ?? null,
    limits: toUploadLimits(system),
  });
}
