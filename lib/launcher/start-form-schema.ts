import * as z from "zod/mini";
import { answerKey, fromFormValues, toFormValues } from "@/lib/fields/answer-keys";
import type { FieldValues } from "@/lib/fields/attached-file";
import { englishFieldIssue } from "@/lib/fields/english-field-issues";
import type { SayIssue } from "@/lib/fields/field-issue";
import { buildFieldsShape } from "@/lib/fields/field-schema";
import { filled } from "@/lib/fields/parse-json-object";
import { defaultValues, toWireInputs } from "@/lib/fields/wire-inputs";
import type { FieldSpec } from "@/lib/fields/field-spec";
import { isRecord } from "@/lib/ids/is-record";
import type { LaunchMode } from "@/lib/launcher/start-form-view";

/** The start form's values: each input under its answerKey. */
export type StartValues = {
  inputs: FieldValues;
  /** The chat message (chat apps only; empty otherwise). */
  query: string;
};

/** The inputs by variable name, as POST /api/launch takes them. */
export function toStartRequest(values: StartValues): StartValues {
  return { inputs: fromFormValues(values.inputs), query: values.query };
}

/** POST /api/launch's body as the start form's values (unchecked). */
export function fromStartRequest(body: unknown): unknown {
  if (!isRecord(body) || !isRecord(body.inputs)) return body;
  return { ...body, inputs: toFormValues(body.inputs) };
}

const MAX_QUERY_LENGTH = 10_000;

/** Checks the start form in the browser and POST /api/launch. `say`: English on the server. */
export function buildStartFormSchema(
  fields: readonly FieldSpec[],
  mode: LaunchMode,
  say: SayIssue = englishFieldIssue,
) {
  const query = z.string().check(z.maxLength(MAX_QUERY_LENGTH, say("messageTooLong")));
  const keyed = fields.map((field) => ({ ...field, name: answerKey(field.name) }));
  return z.object({
    inputs: z.object(buildFieldsShape(keyed, { dialect: "start", say })),
    query: z.prefault(
      mode === "chatflow" ? query.check(z.refine(filled, say("writeMessage"))) : query,
      "",
    ),
  }) as unknown as z.ZodMiniType<StartValues, StartValues>;
}

/** Starting values: the app's defaults, no files, no message. */
export function startDefaults(fields: readonly FieldSpec[]): StartValues {
  return { inputs: toFormValues(defaultValues(fields)), query: "" };
}

/** The upstream's `inputs`; empty answers are left out, so the app's own defaults apply. */
export function toStartInputs(fields: readonly FieldSpec[], values: StartValues) {
  return toWireInputs(fields, fromFormValues(values.inputs), "start");
}
