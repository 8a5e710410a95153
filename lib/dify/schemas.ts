import { z } from "zod";

// Raw wire shapes of the Dify service API. Objects are loose where real
// servers send more than we read, so newer servers do not break parsing; the app maps these to its
// own view models in one place (lib/form/form-view.ts) before anything reaches the browser.

/** Error body of every endpoint. */
export const difyErrorBodySchema = z.looseObject({
  status: z.number().int().optional(),
  code: z.string(),
  message: z.string().nullish(),
  params: z.string().nullish(),
});
export type DifyErrorBody = z.infer<typeof difyErrorBodySchema>;

// ---------------------------------------------------------------- app parameters

const userInputControlBase = z.looseObject({
  label: z.string().default(""),
  variable: z.string(),
  required: z.boolean().default(false),
  default: z.unknown().optional(),
});

/** One `user_input_form` item: an object with exactly one key, the control type. */
export const userInputFormItemSchema = z
  .record(z.string(), userInputControlBase)
  .refine((value) => Object.keys(value).length === 1, {
    message: "each user_input_form item has exactly one key",
  })
  .transform((value) => {
    const [type, control] = Object.entries(value)[0]!;
    return { type, control };
  });

const knownUserInputControls = {
  "text-input": userInputControlBase.extend({ max_length: z.number().int().nullish() }),
  paragraph: userInputControlBase.extend({ max_length: z.number().int().nullish() }),
  select: userInputControlBase.extend({ options: z.array(z.string()).default([]) }),
  number: userInputControlBase,
  checkbox: userInputControlBase,
  json_object: userInputControlBase,
  file: userInputControlBase.extend({
    allowed_file_types: z.array(z.string()).default([]),
    allowed_file_extensions: z.array(z.string()).default([]),
    allowed_file_upload_methods: z.array(z.string()).default([]),
  }),
  "file-list": userInputControlBase.extend({
    allowed_file_types: z.array(z.string()).default([]),
    allowed_file_extensions: z.array(z.string()).default([]),
    allowed_file_upload_methods: z.array(z.string()).default([]),
    max_length: z.number().int().nullish(),
  }),
} as const;
export type KnownUserInputType = keyof typeof knownUserInputControls;

/** Parses a known control's fields strictly enough to use; other kinds are kept as they came. */
export function parseUserInputControl(item: z.infer<typeof userInputFormItemSchema>) {
  if (item.type in knownUserInputControls) {
    const type = item.type as KnownUserInputType;
    return { type, control: knownUserInputControls[type].parse(item.control) } as const;
  }
  return { type: item.type, control: item.control, unknown: true } as const;
}

export const systemParametersSchema = z.looseObject({
  file_size_limit: z.number().default(15),
  image_file_size_limit: z.number().default(10),
  audio_file_size_limit: z.number().default(50),
  video_file_size_limit: z.number().default(100),
  workflow_file_upload_limit: z.number().default(10),
});
export type SystemParameters = z.infer<typeof systemParametersSchema>;

const enabledFeature = z.looseObject({ enabled: z.boolean().default(false) }).nullish();

export const appParametersSchema = z.looseObject({
  opening_statement: z.string().nullish(),
  suggested_questions: z.array(z.string()).nullish(),
  suggested_questions_after_answer: enabledFeature,
  speech_to_text: enabledFeature,
  text_to_speech: enabledFeature,
  retriever_resource: enabledFeature,
  annotation_reply: enabledFeature,
  more_like_this: enabledFeature,
  user_input_form: z.array(userInputFormItemSchema).default([]),
  sensitive_word_avoidance: enabledFeature,
  file_upload: z.looseObject({}).nullish(),
  system_parameters: systemParametersSchema.default(() => systemParametersSchema.parse({})),
});
export type AppParameters = z.infer<typeof appParametersSchema>;

// ---------------------------------------------------------------- human input forms

export const FILE_TYPES = ["image", "document", "audio", "video", "custom"] as const;
export const fileTypeSchema = z.enum(FILE_TYPES);
export type FileType = z.infer<typeof fileTypeSchema>;

export const UPLOAD_METHODS = ["local_file", "remote_url"] as const;

const valueSourceSchema = z.looseObject({
  type: z.string(),
  selector: z.array(z.string()).default([]),
});

const inputBase = z.looseObject({
  output_variable_name: z.string(),
});

export const paragraphInputSchema = inputBase.extend({
  type: z.literal("paragraph"),
  default: valueSourceSchema.extend({ value: z.string().nullish() }).nullish(),
});

export const selectInputSchema = inputBase.extend({
  type: z.literal("select"),
  option_source: valueSourceSchema.extend({ value: z.array(z.string()).default([]) }),
});

const fileConstraints = {
  allowed_file_types: z.array(z.string()).default([]),
  allowed_file_extensions: z.array(z.string()).default([]),
  allowed_file_upload_methods: z.array(z.string()).default([]),
};

export const fileInputSchema = inputBase.extend({ type: z.literal("file"), ...fileConstraints });

export const fileListInputSchema = inputBase.extend({
  type: z.literal("file-list"),
  ...fileConstraints,
  number_limits: z.number().int().min(0).default(0),
});

/** Any other input type a newer server may send: kept, never a parse failure. */
export const unknownInputSchema = inputBase.extend({ type: z.string() });

export const formInputSchema = z.union([
  paragraphInputSchema,
  selectInputSchema,
  fileInputSchema,
  fileListInputSchema,
  unknownInputSchema,
]);
export type FormInput = z.infer<typeof formInputSchema>;

export const userActionSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  button_style: z.string().default("default"),
});
export type UserAction = z.infer<typeof userActionSchema>;

export const humanInputFormSchema = z.looseObject({
  form_content: z.string(),
  inputs: z.array(formInputSchema),
  resolved_default_values: z.record(z.string(), z.unknown()).default({}),
  user_actions: z.array(userActionSchema),
  expiration_time: z.number().nullish(),
});
export type HumanInputForm = z.infer<typeof humanInputFormSchema>;

// ---------------------------------------------------------------- files

export const localFileMappingSchema = z.object({
  type: fileTypeSchema,
  transfer_method: z.literal("local_file"),
  upload_file_id: z.string().min(1),
});
export const remoteFileMappingSchema = z.object({
  type: fileTypeSchema,
  transfer_method: z.literal("remote_url"),
  url: z.url({ protocol: /^https?$/ }).max(2048),
});
export const fileMappingSchema = z.discriminatedUnion("transfer_method", [
  localFileMappingSchema,
  remoteFileMappingSchema,
]);
export type FileMapping = z.infer<typeof fileMappingSchema>;

/** A value of the `inputs` object of a form submission. */
export const formValueSchema = z.union([z.string(), fileMappingSchema, z.array(fileMappingSchema)]);

export const formSubmissionSchema = z.object({
  inputs: z.record(z.string(), formValueSchema),
  action: z.string().min(1),
  user: z.string().min(1),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;

export const uploadedFileSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  extension: z.string().nullish(),
  mime_type: z.string().nullish(),
  created_by: z.string().nullish(),
  created_at: z.number().nullish(),
  preview_url: z.string().nullish(),
  source_url: z.string().nullish(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

// ---------------------------------------------------------------- runs

export const workflowRunBlockingSchema = z.looseObject({
  workflow_run_id: z.string(),
  task_id: z.string().nullish(),
  data: z.looseObject({
    id: z.string(),
    status: z.string(),
    outputs: z.record(z.string(), z.unknown()).nullish(),
    error: z.string().nullish(),
  }),
});

// ---------------------------------------------------------------- stream events

const envelope = {
  task_id: z.string().nullish(),
  workflow_run_id: z.string().nullish(),
  conversation_id: z.string().nullish(),
  message_id: z.string().nullish(),
  created_at: z.number().nullish(),
};

const nodeData = z.looseObject({
  id: z.string(),
  node_id: z.string(),
  node_type: z.string().nullish(),
  title: z.string().nullish(),
  index: z.number().nullish(),
  created_at: z.number().nullish(),
});

export const humanInputRequiredDataSchema = z.looseObject({
  form_id: z.string().nullish(),
  node_id: z.string(),
  node_title: z.string().nullish(),
  form_content: z.string().default(""),
  inputs: z.array(formInputSchema).default([]),
  actions: z.array(userActionSchema).default([]),
  resolved_default_values: z.record(z.string(), z.unknown()).default({}),
  expiration_time: z.number().nullish(),
  display_in_ui: z.boolean().nullish(),
  form_token: z.string().nullish(),
  approval_channels: z.array(z.string()).nullish(),
});

/**
 * One entry of `workflow_paused.data.reasons[]`. Some 1.x servers put the open form's details and
 * token here instead of sending `human_input_required` in a snapshot; the newest send only
 * `form_id` and `node_id`. The key is `TYPE` on some versions and `type` on others.
 */
export const pauseReasonSchema = z.looseObject({
  TYPE: z.string().nullish(),
  type: z.string().nullish(),
  form_id: z.string().nullish(),
  node_id: z.string().nullish(),
  node_title: z.string().nullish(),
  form_token: z.string().nullish(),
  approval_channels: z.array(z.string()).nullish(),
});
export type PauseReason = z.infer<typeof pauseReasonSchema>;

export const streamEventSchema = z.discriminatedUnion("event", [
  z.looseObject({
    event: z.literal("workflow_started"),
    ...envelope,
    data: z.looseObject({ id: z.string().nullish(), reason: z.string().nullish() }),
  }),
  z.looseObject({ event: z.literal("node_started"), ...envelope, data: nodeData }),
  z.looseObject({
    event: z.literal("node_finished"),
    ...envelope,
    data: nodeData.extend({
      status: z.string(),
      outputs: z.record(z.string(), z.unknown()).nullish(),
      error: z.string().nullish(),
      elapsed_time: z.number().nullish(),
    }),
  }),
  z.looseObject({
    event: z.literal("text_chunk"),
    ...envelope,
    data: z.looseObject({ text: z.string() }),
  }),
  z.looseObject({ event: z.literal("message"), ...envelope, answer: z.string() }),
  z.looseObject({ event: z.literal("message_end"), ...envelope }),
  // A snapshot's chat answer so far: replaces the text, where `message` chunks append.
  z.looseObject({ event: z.literal("message_replace"), ...envelope, answer: z.string() }),
  z.looseObject({
    event: z.literal("workflow_paused"),
    ...envelope,
    data: z
      .looseObject({
        // A malformed list is read as none rather than failing the whole event.
        reasons: z.array(pauseReasonSchema).nullish().catch(null),
      })
      .default({}),
  }),
  z.looseObject({
    event: z.literal("workflow_finished"),
    ...envelope,
    data: z.looseObject({
      id: z.string().nullish(),
      status: z.string(),
      outputs: z.record(z.string(), z.unknown()).nullish(),
      error: z.string().nullish(),
      elapsed_time: z.number().nullish(),
    }),
  }),
  z.looseObject({
    event: z.literal("human_input_required"),
    ...envelope,
    data: humanInputRequiredDataSchema,
  }),
  z.looseObject({
    event: z.literal("human_input_form_filled"),
    ...envelope,
    data: z.looseObject({
      form_id: z.string().nullish(),
      node_id: z.string(),
      node_title: z.string().nullish(),
      rendered_content: z.string().nullish(),
      action_id: z.string().nullish(),
      action_text: z.string().nullish(),
      submitted_data: z.unknown().optional(),
    }),
  }),
  z.looseObject({
    event: z.literal("human_input_form_timeout"),
    ...envelope,
    data: z.looseObject({
      form_id: z.string().nullish(),
      node_id: z.string(),
      node_title: z.string().nullish(),
      expiration_time: z.number().nullish(),
    }),
  }),
  z.looseObject({
    event: z.literal("error"),
    ...envelope,
    status: z.number().nullish(),
    code: z.string().nullish(),
    message: z.string().nullish(),
  }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

/**
 * Parses one SSE `data:` payload. Unknown event names (iteration, agent_log, tts_message, ...)
 * come back as `{ event: "unknown" }` so callers can skip them safely.
 */
export function parseStreamEvent(json: unknown): StreamEvent | { event: "unknown"; name: string } {
  const result = streamEventSchema.safeParse(json);
  if (result.success) return result.data;
  const name =
    json && typeof json === "object" && "event" in json ? String(json.event) : "(unnamed)";
  return { event: "unknown", name };
}

// ---------------------------------------------------------------- knowledge

export const metadataValueSchema = z.union([z.string(), z.number(), z.null()], {
  error: "value must be a string, a number or null",
});

export const metadataOperationSchema = z.object({
  document_id: z.string({ error: "document_id must be a string" }).min(1, "document_id is empty"),
  metadata_list: z.array(
    z.object({
      id: z.string({ error: "id must be a string" }).min(1, "id is empty"),
      name: z.string({ error: "name must be a string" }).min(1, "name is empty"),
      value: metadataValueSchema,
    }),
    { error: "metadata_list must be an array" },
  ),
  partial_update: z.boolean({ error: "partial_update must be true or false" }).default(false),
});
export type MetadataOperation = z.infer<typeof metadataOperationSchema>;

export const metadataUpdateResultSchema = z.looseObject({ result: z.string() });

export const childChunkSchema = z.looseObject({
  id: z.string(),
  segment_id: z.string(),
  content: z.string(),
  position: z.number(),
  word_count: z.number(),
  type: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});

export const chunkAttachmentSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  extension: z.string().nullish(),
  mime_type: z.string().nullish(),
  source_url: z.string().nullish(),
});

export const chunkRecordSchema = z.looseObject({
  id: z.string(),
  position: z.number(),
  document_id: z.string(),
  content: z.string(),
  sign_content: z.string().nullish(),
  answer: z.string().nullable(),
  word_count: z.number(),
  tokens: z.number(),
  keywords: z.array(z.string()).nullable(),
  index_node_id: z.string().nullable(),
  index_node_hash: z.string().nullable(),
  hit_count: z.number(),
  enabled: z.boolean(),
  disabled_at: z.number().nullable(),
  disabled_by: z.string().nullable(),
  status: z.string(),
  created_by: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number().nullish(),
  indexing_at: z.number().nullable(),
  completed_at: z.number().nullable(),
  error: z.string().nullable(),
  stopped_at: z.number().nullable(),
  child_chunks: z.array(childChunkSchema).default([]),
  attachments: z.array(chunkAttachmentSchema).default([]),
});

export const chunkEnvelopeSchema = z.looseObject({
  data: chunkRecordSchema,
  doc_form: z.string(),
});
export type ChunkEnvelope = z.infer<typeof chunkEnvelopeSchema>;
