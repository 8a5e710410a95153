import "server-only";
import { parseUpstream } from "@/lib/errors/api-error";
import {
  fileInputSchema,
  fileListInputSchema,
  paragraphInputSchema,
  selectInputSchema,
  textInputInputSchema,
} from "@/lib/dify/browser-schemas";
import type { FormInput } from "@/lib/dify/browser-schemas";
import type { HumanInputForm, SystemParameters } from "@/lib/dify/schemas";
import { labelFromName } from "@/lib/form/form-content";
import { toUploadLimits } from "@/lib/files/upload-limits";
import { actionViewSchema, formViewSchema } from "@/lib/form/form-view";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { toFieldSpec, type WireField } from "@/lib/server/fields/to-field-spec";

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

/** One input of a Human Input form, as the field mapper reads it. */
function readFormInput(input: FormInput, defaults: Record<string, unknown>): WireField {
  const name = input.output_variable_name;
  const resolved = defaults[name];
  // A constant default never comes in resolved_default_values: its text is default.value.
  const own = (
    paragraphInputSchema.safeParse(input).data ?? textInputInputSchema.safeParse(input).data
  )?.default;
  const constant = own?.type === "constant" ? (own.value ?? "") : "";
  const select = selectInputSchema.safeParse(input);
  const options = select.data?.option_source.value ?? [];
  const fileList = fileListInputSchema.safeParse(input);
  const file = fileList.success ? fileList.data : fileInputSchema.safeParse(input).data;
  return {
    type: input.type,
    name,
    label: labelFromName(name),
    // What the service refuses without a value.
    required: file?.type === "file" || options.length > 0,
    initial: typeof resolved === "string" ? resolved : constant,
    maxLength: null,
    options,
    file: {
      allowedTypes: file?.allowed_file_types ?? [],
      allowedExtensions: file?.allowed_file_extensions ?? [],
      methods: file?.allowed_file_upload_methods ?? [],
      maxFiles: fileList.data?.number_limits ?? 0,
    },
    unreadable:
      (input.type === "select" && !select.success) ||
      ((input.type === "file" || input.type === "file-list") && !file),
  };
}

/** A Human Input form as the app's view: only whitelisted fields leave the server. */
export function toFormView(
  token: string,
  form: HumanInputForm,
  system: SystemParameters | undefined,
) {
  const fields = form.inputs.map((input) =>
    toFieldSpec(readFormInput(input, form.resolved_default_values)),
  );
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
