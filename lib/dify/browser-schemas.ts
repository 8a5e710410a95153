import * as z from "zod/mini";
import { fileTypeSchema } from "@/lib/dify/file-types";

// The wire shapes of the Dify service API that the browser parses too, in zod/mini so the form
// page does not ship zod's whole chainable API. Loose where real servers send more than we read.

/** The longest extension a file may have, without its dot: Dify stores it in a column of 255. */
export const MAX_EXTENSION_LENGTH = 255;
// With its dot; the newest servers judge a field's settings by the mapping's own extension.
const extensionSchema = z.optional(z.string().check(z.maxLength(MAX_EXTENSION_LENGTH + 1)));

// A file as a form submission or a run's start inputs carry it (what the browser sends).
export const localFileMappingSchema = z.object({
  type: fileTypeSchema,
  transfer_method: z.literal("local_file"),
  upload_file_id: z.string().check(z.minLength(1)),
  extension: extensionSchema,
});
export const remoteFileMappingSchema = z.object({
  type: fileTypeSchema,
  transfer_method: z.literal("remote_url"),
  url: z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)),
  extension: extensionSchema,
});
export const fileMappingSchema = z.discriminatedUnion("transfer_method", [
  localFileMappingSchema,
  remoteFileMappingSchema,
]);
export type FileMapping = z.infer<typeof fileMappingSchema>;

/** A value of the `inputs` object of a form submission. */
export const formValueSchema = z.union([z.string(), fileMappingSchema, z.array(fileMappingSchema)]);
export type FormValue = z.infer<typeof formValueSchema>;

// `__proto__` is a legal variable name, but a record parse assigns into a plain object, where that
// key sets the prototype and is lost: it is renamed around the parse and kept as an own key.
const PROTO = "__proto__";
const PROTO_STANDIN = "\u0000__proto__";
function renamedKey(value: unknown, from: string, to: string): unknown {
  if (typeof value !== "object" || value === null || !Object.hasOwn(value, from)) return value;
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) copy[key === from ? to : key] = item;
  return copy;
}

/** The `inputs` of a form submission, every key kept (`__proto__` included). */
export const formInputsSchema = z.pipe(
  z.pipe(
    z.transform((value: unknown) => renamedKey(value, PROTO, PROTO_STANDIN)),
    z.record(z.string(), formValueSchema),
  ),
  z.transform((inputs) => renamedKey(inputs, PROTO_STANDIN, PROTO) as Record<string, FormValue>),
);

const strings = () => z._default(z.array(z.string()), []);

const valueSourceSchema = z.looseObject({
  type: z.string(),
  selector: strings(),
});

const inputBase = z.looseObject({
  output_variable_name: z.string(),
});

export const paragraphInputSchema = z.extend(inputBase, {
  type: z.literal("paragraph"),
  default: z.nullish(z.extend(valueSourceSchema, { value: z.nullish(z.string()) })),
});

/** Forms from graphon up to 0.3.1: a single line of text, with a paragraph's default. */
export const textInputInputSchema = z.extend(paragraphInputSchema, {
  type: z.literal("text_input"),
});

export const selectInputSchema = z.extend(inputBase, {
  type: z.literal("select"),
  option_source: z.extend(valueSourceSchema, { value: strings() }),
});

const fileConstraints = {
  allowed_file_types: strings(),
  allowed_file_extensions: strings(),
  allowed_file_upload_methods: strings(),
};

export const fileInputSchema = z.extend(inputBase, {
  type: z.literal("file"),
  ...fileConstraints,
});

export const fileListInputSchema = z.extend(inputBase, {
  type: z.literal("file-list"),
  ...fileConstraints,
  number_limits: z._default(z.int().check(z.gte(0)), 0),
});

/** Any other input type a newer server may send: kept, never a parse failure. */
export const unknownInputSchema = z.extend(inputBase, { type: z.string() });

export const formInputSchema = z.union([
  paragraphInputSchema,
  textInputInputSchema,
  selectInputSchema,
  fileInputSchema,
  fileListInputSchema,
  unknownInputSchema,
]);
export type FormInput = z.infer<typeof formInputSchema>;

export const userActionSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  button_style: z._default(z.string(), "default"),
});
export type UserAction = z.infer<typeof userActionSchema>;

const text = () => z.nullish(z.string());
const num = () => z.nullish(z.number());
const record = () => z.nullish(z.record(z.string(), z.unknown()));

const envelope = {
  task_id: text(),
  workflow_run_id: text(),
  conversation_id: text(),
  message_id: text(),
  created_at: num(),
};

const finished = { status: z.string(), outputs: record(), error: text(), elapsed_time: num() };
const formNode = { form_id: text(), node_id: z.string(), node_title: text() };

const nodeData = z.looseObject({
  id: z.string(),
  node_id: z.string(),
  node_type: text(),
  title: text(),
  index: num(),
  created_at: num(),
});

export const humanInputRequiredDataSchema = z.looseObject({
  ...formNode,
  form_content: z._default(z.string(), ""),
  inputs: z._default(z.array(formInputSchema), []),
  actions: z._default(z.array(userActionSchema), []),
  resolved_default_values: z._default(z.record(z.string(), z.unknown()), {}),
  expiration_time: num(),
  display_in_ui: z.nullish(z.boolean()),
  form_token: text(),
  approval_channels: z.nullish(z.array(z.string())),
  // "2": a Human Input v2 form, answered on its approval channels only.
  form_version: text(),
});

/**
 * One entry of `workflow_paused.data.reasons[]`: some 1.x servers put the open form's details
 * here (`TYPE: "human_input_required"`); others only `form_id` and `node_id`; graphon 0.6.0 and
 * later `{type: "hitl_required", session_id, node_id, node_title, form_token, approval_channels,
 * expiration_time}`, where `session_id` is the form id. Read as one shape, keyed by `form_id`.
 */
export const pauseReasonSchema = z.pipe(
  z.looseObject({
    TYPE: text(),
    type: text(),
    form_id: text(),
    session_id: text(),
    node_id: text(),
    node_title: text(),
    form_token: text(),
    approval_channels: z.nullish(z.array(z.string())),
    form_version: text(),
  }),
  z.transform(({ session_id: session, ...reason }) => ({
    ...reason,
    form_id: reason.form_id ?? session,
  })),
);
export type PauseReason = z.infer<typeof pauseReasonSchema>;

/** One stream event: its name, the envelope every event carries, and its own fields. */
const event = <N extends string, S extends z.core.$ZodLooseShape>(name: N, shape: S) =>
  z.looseObject({ event: z.literal(name), ...envelope, ...shape });

export const streamEventSchema = z.discriminatedUnion("event", [
  event("workflow_started", { data: z.looseObject({ id: text(), reason: text() }) }),
  event("node_started", { data: nodeData }),
  event("node_finished", { data: z.extend(nodeData, finished) }),
  event("text_chunk", { data: z.looseObject({ text: z.string() }) }),
  event("message", { answer: z.string() }),
  event("message_end", {}),
  // A snapshot's chat answer so far: replaces the text, where `message` chunks append.
  event("message_replace", { answer: z.string() }),
  event("workflow_paused", {
    data: z._default(
      z.looseObject({
        // A malformed list is read as none rather than failing the whole event.
        reasons: z.catch(z.nullish(z.array(pauseReasonSchema)), null),
      }),
      {},
    ),
  }),
  event("workflow_finished", { data: z.looseObject({ id: text(), ...finished }) }),
  event("human_input_required", { data: humanInputRequiredDataSchema }),
  event("human_input_form_filled", {
    data: z.looseObject({
      ...formNode,
      rendered_content: text(),
      action_id: text(),
      action_text: text(),
      submitted_data: z.optional(z.unknown()),
    }),
  }),
  event("human_input_form_timeout", {
    data: z.looseObject({ ...formNode, expiration_time: num() }),
  }),
  event("error", { status: num(), code: text(), message: text() }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

/** Parses one SSE `data:` payload; an unknown event comes back as `{ event: "unknown" }`. */
export function parseStreamEvent(json: unknown): StreamEvent | { event: "unknown"; name: string } {
  const result = streamEventSchema.safeParse(json);
  if (result.success) return result.data;
  const name =
    json && typeof json === "object" && "event" in json ? String(json.event) : "(unnamed)";
  return { event: "unknown", name };
}
