import { z } from "zod";

export type PathIdMessages = { missing: string; tooLong: string; notAllowed: string };

// Ids that end up in upstream paths: letters, digits, `-` and `_` only, so no value can carry
// `/`, `..`, an encoded separator or a control character into the upstream URL. Forms that check
// an id before sending it pass messages in the page's language; the routes answer in English.
export const pathIdSchema = (messages: PathIdMessages) =>
  z
    .string()
    // An empty id is only "missing", not also "has characters that are not allowed".
    .min(1, { error: messages.missing, abort: true })
    .max(128, messages.tooLong)
    .regex(/^[A-Za-z0-9_-]+$/, messages.notAllowed);

const pathId = (what: string) =>
  pathIdSchema({
    missing: `${what} is missing`,
    tooLong: `${what} is too long`,
    notAllowed: `${what} has characters that are not allowed`,
  });

export const formTokenSchema = pathId("The form token");
export const runIdSchema = pathId("The run id");

export const formRouteParamsSchema = z.object({ token: formTokenSchema });

export const datasetIdSchema = pathId("The dataset id");
export const documentIdSchema = pathId("The document id");
export const segmentIdSchema = pathId("The segment id");

export const datasetRouteParamsSchema = z.object({ dataset_id: datasetIdSchema });
export const documentRouteParamsSchema = z.object({
  dataset_id: datasetIdSchema,
  document_id: documentIdSchema,
});
export const segmentRouteParamsSchema = z.object({
  dataset_id: datasetIdSchema,
  document_id: documentIdSchema,
  segment_id: segmentIdSchema,
});
