import "server-only";
import { parseUpstream } from "@/lib/errors/api-error";
import {
  fileInputSchema,
  fileListInputSchema,
  paragraphInputSchema,
  selectInputSchema,
  textInputInputSchema,
} from "@/lib/dify/browser-schemas";
import type { HumanInputForm, SystemParameters } from "@/lib/dify/schemas";
import { labelFromName } from "@/lib/form/form-content";
import { toUploadLimits } from "@/lib/files/upload-limits";
import { actionViewSchema, formViewSchema, type FieldView } from "@/lib/form/form-view";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";

/** The form as the app's view, with the app's upload limits: for the page and GET /api/forms. */
export async function loadFormView(token: string) {
  const [form, parameters] = await Promise.all([
    getDifyClient().getHumanInputForm(token),
    // Limits only refine the page's checks; the form still opens without them.
    getDifyClient()
      .getAppParametersCached()
      .catch(() => undefined),
  ]);
  return toFormView(token, form, parameters?.system_parameters);
}

/** A Human Input form as the app's view: only whitelisted fields leave the server. */
export function toFormView(
  token: string,
  form: HumanInputForm,
  system: SystemParameters | undefined,
) {
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
    const text =
      paragraphInputSchema.safeParse(input).data ?? textInputInputSchema.safeParse(input).data;
    if (text) {
      // A constant default never comes in resolved_default_values: its text is default.value.
      const own = text.default;
      const constant = own?.type === "constant" ? (own.value ?? "") : "";
      const defaultValue = typeof initial === "string" ? initial : constant;
      // Older servers' `text_input` is one line of text.
      return { kind: text.type === "text_input" ? "text" : "paragraph", name, label, defaultValue };
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
  return parseUpstream(
    formViewSchema,
    {
      token,
      content: form.form_content,
      fields,
      actions: form.user_actions.map((action) => ({
        id: action.id,
        title: action.title,
        style: actionViewSchema.shape.style.safeParse(action.button_style).data ?? "default",
      })),
      expiresAt: form.expiration_time ?? null,
      limits: toUploadLimits(system),
    },
    "form",
  );
}
