import { z } from "zod";

// Ids that end up in upstream paths: letters, digits, `-` and `_` only, so no value can carry
// `/`, `..`, an encoded separator or a control character into the upstream URL.
const pathId = (what: string) =>
  z
    .string()
    // An empty id is only "missing", not also "has characters that are not allowed".
    .min(1, { error: `${what} is missing`, abort: true })
    .max(128, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what} has characters that are not allowed`);

export const formTokenSchema = pathId("The form token");
export const runIdSchema = pathId("The run id");

export const formRouteParamsSchema = z.object({ token: formTokenSchema });

export const datasetIdSchema = pathId("The dataset id");
export const documentIdSchema = pathId("The document id");
export const segmentIdSchema = pathId("The segment id");

export const datasetRouteParamsSchema = z.object({ dataset_id: datasetIdSchema });
export const segmentRouteParamsSchema = z.object({
  dataset_id: datasetIdSchema,
  document_id: documentIdSchema,
  segment_id: segmentIdSchema,
});
