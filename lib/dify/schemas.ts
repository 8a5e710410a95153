import { z } from "zod";
import { formInputSchema, formInputsSchema, userActionSchema } from "@/lib/dify/browser-schemas";

// Raw wire shapes of the Dify service API, loose so that newer servers do not break parsing; the
// app maps them to its own view models before anything reaches the browser.

export const difyErrorBodySchema = z.looseObject({
  status: z.number().int().optional(),
  code: z.string(),
  message: z.string().nullish(),
  params: z.string().nullish(),
});

const userInputControlBase = z.looseObject({
  label: z.string().default(""),
  variable: z.string(),
  required: z.boolean().default(false),
  default: z.unknown().optional(),
  // Hidden by the app's author (Dify's `VariableEntity.hide`): not shown, never asked for.
  hide: z.boolean().catch(false).default(false),
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

const maxLength = { max_length: z.number().int().nullish() };
const fileControl = userInputControlBase.extend({
  allowed_file_types: z.array(z.string()).default([]),
  allowed_file_extensions: z.array(z.string()).default([]),
  allowed_file_upload_methods: z.array(z.string()).default([]),
});

const knownUserInputControls = {
  "text-input": userInputControlBase.extend(maxLength),
  paragraph: userInputControlBase.extend(maxLength),
  select: userInputControlBase.extend({ options: z.array(z.string()).default([]) }),
  number: userInputControlBase,
  checkbox: userInputControlBase,
  json_object: userInputControlBase,
  file: fileControl,
  "file-list": fileControl.extend(maxLength),
} as const;
type Known = typeof knownUserInputControls;
type KnownControl = { [K in keyof Known]: { type: K; control: z.infer<Known[K]> } }[keyof Known];

/** Parses a known control's fields strictly enough to use; other kinds are kept as they came. */
export function parseUserInputControl(item: z.infer<typeof userInputFormItemSchema>) {
  if (item.type in knownUserInputControls) {
    const type = item.type as keyof Known;
    return { type, control: knownUserInputControls[type].parse(item.control) } as KnownControl;
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

// Only what the app reads: the chat features it does not offer pass unread.
export const appParametersSchema = z.looseObject({
  opening_statement: z.string().nullish(),
  suggested_questions: z.array(z.string()).nullish(),
  user_input_form: z.array(userInputFormItemSchema).default([]),
  file_upload: z.looseObject({}).nullish(),
  system_parameters: systemParametersSchema.default(() => systemParametersSchema.parse({})),
});
export type AppParameters = z.infer<typeof appParametersSchema>;

export const humanInputFormSchema = z.looseObject({
  form_content: z.string(),
  inputs: z.array(formInputSchema),
  resolved_default_values: z.record(z.string(), z.unknown()).default({}),
  user_actions: z.array(userActionSchema),
  expiration_time: z.number().nullish(),
});
export type HumanInputForm = z.infer<typeof humanInputFormSchema>;

export const formSubmissionSchema = z.object({
  inputs: formInputsSchema,
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

// Older servers end the handler with `return 200`, which their REST layer sends as the JSON body
// `200`: the update was applied.
export const metadataUpdateResultSchema = z.union([
  z.looseObject({ result: z.string() }),
  z.literal(200).transform(() => ({ result: "success" })),
]);

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
  attachments: z.array(uploadedFileSchema).default([]),
});

export const chunkEnvelopeSchema = z.looseObject({
  data: chunkRecordSchema,
  doc_form: z.string(),
});
export type ChunkEnvelope = z.infer<typeof chunkEnvelopeSchema>;

// Lists behind the knowledge key. Loose: a portal route passes Dify's whole answer through, and
// the page keeps only what it shows.

const pageOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    data: z.array(item),
    has_more: z.boolean(),
    limit: z.number(),
    total: z.number(),
    page: z.number(),
  });

export const datasetSummarySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  document_count: z.number().nullish(),
});
export const datasetPageSchema = pageOf(datasetSummarySchema);
export type DatasetPage = z.infer<typeof datasetPageSchema>;

// Dify documents `value` as a string; its source stores numbers (and `time` as Unix seconds)
// as numbers, and built-in fields carry the id `built-in`.
export const documentMetadataValueSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string().nullish(),
  value: z.union([z.string(), z.number(), z.null()]).optional(),
});

export const documentSummarySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  indexing_status: z.string().nullish(),
  display_status: z.string().nullish(),
  enabled: z.boolean().nullish(),
  word_count: z.number().nullish(),
  doc_metadata: z.array(documentMetadataValueSchema).nullish(),
});
export const documentPageSchema = pageOf(documentSummarySchema);
/** One document's answer, read only to learn that it exists. */
export const documentIdSchema = z.looseObject({ id: z.string() });
export type DocumentPage = z.infer<typeof documentPageSchema>;

export const metadataFieldSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  count: z.number().nullish(),
});
export const metadataFieldsSchema = z.looseObject({
  doc_metadata: z.array(metadataFieldSchema),
  built_in_field_enabled: z.boolean(),
});
export type MetadataFields = z.infer<typeof metadataFieldsSchema>;

export const segmentPageSchema = pageOf(chunkRecordSchema).extend({ doc_form: z.string() });
export type SegmentPage = z.infer<typeof segmentPageSchema>;
