import "server-only";
import { parseUpstream } from "@/lib/errors/api-error";
import { z } from "zod";
import { parseUserInputControl, type AppParameters } from "@/lib/dify/schemas";
import { labelFromName } from "@/lib/form/form-content";
import { toUploadLimits } from "@/lib/files/upload-limits";
import { uploadMethodsOf } from "@/lib/files/upload-methods";
import { toFieldSpec, type WireField } from "@/lib/server/fields/to-field-spec";
import {
  startFormViewSchema,
  type LaunchMode,
  type StartFormView,
} from "@/lib/launcher/start-form-view";

// The app-wide upload settings (`file_upload`): only the file-list limit is read from them.
const fileUploadSchema = z.looseObject({ number_limits: z.number().int().catch(0).default(0) });

const ALL_TYPES = ["image", "document", "audio", "video"];

const positive = (value: number | null | undefined): number | null =>
  typeof value === "number" && value > 0 ? value : null;

function readStartControl(
  item: AppParameters["user_input_form"][number],
  parameters: AppParameters,
): WireField {
  const parsed = parseControl(item);
  const { control } = parsed;
  const known = "unknown" in parsed ? null : parsed;
  const maxLength =
    known?.type === "text-input" || known?.type === "paragraph" || known?.type === "file-list"
      ? positive(known.control.max_length)
      : null;
  // A start variable's own settings are what the server checks; the app-wide `file_upload`
  // block does not apply. An empty type list takes every type (and `custom` only for the
  // variable's own extensions); an empty method list takes both methods.
  const file = known?.type === "file" || known?.type === "file-list" ? known.control : null;
  const ownTypes = file?.allowed_file_types ?? [];
  const ownExtensions = file?.allowed_file_extensions ?? [];
  return {
    type: parsed.type,
    name: control.variable,
    label: control.label.trim() || labelFromName(control.variable),
    required: control.required,
    initial: control.default,
    maxLength,
    options: known?.type === "select" ? known.control.options : [],
    file: {
      allowedTypes: ownTypes.length
        ? ownTypes
        : [...ALL_TYPES, ...(ownExtensions.length ? ["custom"] : [])],
      allowedExtensions: ownExtensions,
      methods: uploadMethodsOf(file?.allowed_file_upload_methods ?? []),
      maxFiles: parsed.type === "file-list" ? maxFiles(maxLength, parameters) : 0,
    },
    unreadable: !known,
  };
}

/** A file list's own limit, else the app's, capped by the service's. */
function maxFiles(own: number | null, parameters: AppParameters): number {
  const app = fileUploadSchema.safeParse(parameters.file_upload ?? {}).data;
  const wanted = own ?? positive(app?.number_limits);
  const cap = positive(parameters.system_parameters.workflow_file_upload_limit);
  return wanted && cap ? Math.min(wanted, cap) : (wanted ?? cap ?? 0);
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
        .map((item) => toFieldSpec(readStartControl(item, parameters))),
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
