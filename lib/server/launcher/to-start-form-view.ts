import "server-only";
import { parseUpstream } from "@/lib/errors/api-error";
import { z } from "zod";
import { parseUserInputControl, type AppParameters } from "@/lib/dify/schemas";
import type { FieldSpec } from "@/lib/fields/field-spec";
import { labelFromName } from "@/lib/form/form-content";
import { toUploadLimits } from "@/lib/files/upload-limits";
import { uploadMethodsOf } from "@/lib/files/upload-methods";
import {
  startFormViewSchema,
  type LaunchMode,
  type StartFormView,
} from "@/lib/launcher/start-form-view";

// The app-wide upload settings (`file_upload`): only the file-list limit is read from them.
const fileUploadSchema = z.looseObject({ number_limits: z.number().int().catch(0).default(0) });

const ALL_TYPES = ["image", "document", "audio", "video"];

const asText = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

const positive = (value: number | null | undefined): number | null =>
  typeof value === "number" && value > 0 ? value : null;

function toStartField(
  item: AppParameters["user_input_form"][number],
  parameters: AppParameters,
): FieldSpec {
  const parsed = parseControl(item);
  const { control } = parsed;
  const name = control.variable;
  const common = {
    name,
    label: control.label.trim() || labelFromName(name),
    required: control.required,
  };
  const defaultText = asText(control.default);
  if ("unknown" in parsed)
    return { kind: "other", ...common, type: parsed.type, defaultValue: defaultText };
  switch (parsed.type) {
    case "text-input":
    case "paragraph":
      return {
        kind: parsed.type === "text-input" ? "text" : "paragraph",
        ...common,
        defaultValue: defaultText,
        maxLength: positive(parsed.control.max_length),
      };
    case "select": {
      const options = parsed.control.options;
      return {
        kind: "select",
        ...common,
        options,
        defaultValue: options.includes(defaultText) ? defaultText : "",
      };
    }
    case "number":
      return {
        kind: "number",
        ...common,
        defaultValue: Number.isFinite(Number(defaultText)) ? defaultText.trim() : "",
      };
    case "checkbox":
      return {
        kind: "checkbox",
        ...common,
        defaultValue: control.default === true || defaultText.trim().toLowerCase() === "true",
      };
    case "json_object":
      return {
        kind: "json",
        ...common,
        defaultValue:
          control.default && typeof control.default === "object"
            ? JSON.stringify(control.default, null, 2)
            : defaultText,
      };
    case "file":
    case "file-list": {
      // A start variable's own settings are what the server checks; the app-wide `file_upload`
      // block does not apply. An empty type list takes every type (and `custom` only for the
      // variable's own extensions); an empty method list takes both methods.
      const ownTypes = parsed.control.allowed_file_types;
      const ownExtensions = parsed.control.allowed_file_extensions;
      const fileBase = {
        ...common,
        allowedTypes: ownTypes.length
          ? ownTypes
          : [...ALL_TYPES, ...(ownExtensions.length ? ["custom"] : [])],
        allowedExtensions: ownExtensions,
        methods: uploadMethodsOf(parsed.control.allowed_file_upload_methods),
      };
      if (parsed.type === "file") return { kind: "file", ...fileBase };
      // Its own limit, else the app's, capped by the service's.
      const app = fileUploadSchema.safeParse(parameters.file_upload ?? {}).data;
      const wanted = positive(parsed.control.max_length) ?? positive(app?.number_limits);
      const cap = positive(parameters.system_parameters.workflow_file_upload_limit);
      const maxFiles = wanted && cap ? Math.min(wanted, cap) : (wanted ?? cap ?? 0);
      return { kind: "file-list", ...fileBase, maxFiles };
    }
  }
}

/** A known control whose fields do not fit its type is shown as an unknown one, never a crash. */
function parseControl(item: AppParameters["user_input_form"][number]) {
  try {
    return parseUserInputControl(item);
  } catch {
    return { type: item.type, control: item.control, unknown: true } as const;
  }
}

/** The start form the launcher shows, without hidden fields: only whitelisted fields leave. */
export function toStartFormView(parameters: AppParameters, mode: LaunchMode): StartFormView {
  return parseUpstream(
    startFormViewSchema,
    {
      mode,
      fields: parameters.user_input_form
        .filter((item) => !item.control.hide)
        .map((item) => toStartField(item, parameters)),
      openingStatement: parameters.opening_statement?.trim() ?? "",
      suggestedQuestions: (parameters.suggested_questions ?? []).filter((question) =>
        question.trim(),
      ),
      limits: toUploadLimits(parameters.system_parameters),
    },
    "start form",
  );
}

/** The defaults of the fields the author hid, sent as Dify's web app sends them. */
export function hiddenStartInputs(parameters: AppParameters): Record<string, unknown> {
  const inputs: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const { control } of parameters.user_input_form) {
    const value: unknown = control.default;
    if (control.hide && value != null && value !== "") inputs[control.variable] = value;
  }
  return inputs;
}
