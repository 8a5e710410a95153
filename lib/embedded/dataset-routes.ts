import { z } from "zod";
import { DifyError, sendDifyJson } from "./dify-error";
import { parseDifyBody, readDifyJsonBody } from "./read-dify-json-body";
import type { EmbeddedRoute, RouteRequest } from "./create-router";
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
  if (!dataset) throw new DifyError(404, "not_found", "Dataset not found.");
  return dataset;
}

// POST /datasets/{dataset_id}/documents/metadata
// As the newest servers: every document and metadata id checked before anything is written. A
// request that names the document `olderMetadataServerFor`, as older ones: entries applied one by
// one, and `return 200` sent as the JSON body `200`.
async function updateDocumentsMetadata({ ctx, params, req, res }: RouteRequest): Promise<void> {
  const datasetId = params.dataset_id ?? "";
  findDataset(ctx, datasetId);
  const body = parseDifyBody(metadataUpdateSchema, await readDifyJsonBody(req));
  const olderFor = ctx.config.olderMetadataServerFor;
  const older = body.operation_data.some((op) => op.document_id === olderFor);
  const result = ctx.store.updateDocumentsMetadata(datasetId, body.operation_data, older);
  if (!result.ok) {
    if (result.reason === "dataset") throw new DifyError(404, "not_found", "Dataset not found.");
    if (result.reason === "metadata")
      throw new DifyError(400, "invalid_param", "Metadata not found.");
    throw new DifyError(400, "invalid_param", "Document not found.");
  }
  if (older) {
    // Flask's JSON body for `return 200`: the number and a newline.
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": 4 });
    res.end("200\n");
    return;
  }
  sendDifyJson(res, { status: 200, body: { result: "success" } });
}

// GET /datasets/{dataset_id}/documents/{document_id}/segments/{segment_id}
function getSegment({ ctx, params, res }: RouteRequest): void {
  const { dataset_id: datasetId = "", document_id: documentId, segment_id: segmentId } = params;
  const document = findDataset(ctx, datasetId).documents.get(documentId ?? "");
  if (!document) throw new DifyError(404, "not_found", "Document not found.");
  const segment = document.segments.find((s) => s.id === segmentId);
  if (!segment) throw new DifyError(404, "not_found", "Segment not found.");
  sendDifyJson(res, { status: 200, body: { data: segment, doc_form: "text_model" } });
}

/** The knowledge API under /v1, behind the dataset key. */
export const DATASET_ROUTES: EmbeddedRoute[] = [
  {
    method: "POST",
    path: "/v1/datasets/:dataset_id/documents/metadata",
    access: "dataset",
    handle: updateDocumentsMetadata,
  },
  {
    method: "GET",
    path: "/v1/datasets/:dataset_id/documents/:document_id/segments/:segment_id",
    access: "dataset",
    handle: getSegment,
  },
];
