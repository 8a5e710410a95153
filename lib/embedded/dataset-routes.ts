import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { ApiError, sendJson } from "./api-error";
import { parseBody, readJsonBody } from "./read-json-body";
import type { ServerContext } from "./server-context";
import type { DatasetRecord } from "./store";

const metadataUpdateSchema = z.object({
  operation_data: z.array(
    z.object({
      document_id: z.string(),
      metadata_list: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          value: z.union([z.string(), z.number(), z.null()], {
            error: "value must be a string, a number or null",
          }),
        }),
      ),
      partial_update: z.boolean().optional().default(false),
    }),
  ),
});

function findDataset(ctx: ServerContext, datasetId: string): DatasetRecord {
  const dataset = ctx.store.getDataset(datasetId);
  if (!dataset) throw new ApiError(404, "not_found", "Dataset not found.");
  return dataset;
}

// POST /datasets/{dataset_id}/documents/metadata
// Unlike a real server (which applies entries one by one) the whole request is checked first.
export async function updateDocumentsMetadata(
  ctx: ServerContext,
  datasetId: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  findDataset(ctx, datasetId);
  const body = parseBody(metadataUpdateSchema, await readJsonBody(req));
  const result = ctx.store.updateDocumentsMetadata(datasetId, body.operation_data);
  if (!result.ok) {
    if (result.reason === "dataset") throw new ApiError(404, "not_found", "Dataset not found.");
    throw new ApiError(400, "invalid_param", "Document not found.");
  }
  sendJson(res, 200, { result: "success" });
}

// GET /datasets/{dataset_id}/documents/{document_id}/segments/{segment_id}
export function getSegment(
  ctx: ServerContext,
  datasetId: string,
  documentId: string,
  segmentId: string,
  res: ServerResponse,
): void {
  const document = findDataset(ctx, datasetId).documents.get(documentId);
  if (!document) throw new ApiError(404, "not_found", "Document not found.");
  const segment = document.segments.find((s) => s.id === segmentId);
  if (!segment) throw new ApiError(404, "not_found", "Segment not found.");
  sendJson(res, 200, { data: segment, doc_form: "text_model" });
}
