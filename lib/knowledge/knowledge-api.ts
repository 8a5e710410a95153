import { apiFetch } from "@/lib/client/api-fetch";
import { toChunkView } from "@/lib/knowledge/chunk-view";
import { chunkEnvelopeSchema, metadataUpdateResultSchema } from "@/lib/dify/schemas";
import type { MetadataUpdateRequest } from "@/lib/knowledge/metadata-update-request";

// Browser-side calls of the knowledge routes, each carrying the portal token the person entered.

export type ChunkIds = { datasetId: string; documentId: string; segmentId: string };

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const datasetPath = (datasetId: string) => `/api/datasets/${encodeURIComponent(datasetId)}`;

export function fetchChunk(token: string, ids: ChunkIds, signal?: AbortSignal) {
  const path = `${datasetPath(ids.datasetId)}/documents/${encodeURIComponent(ids.documentId)}/segments/${encodeURIComponent(ids.segmentId)}`;
  // The route answers Dify's own shape; the page shows the app's view of it.
  return apiFetch(path, chunkEnvelopeSchema.transform(toChunkView), {
    headers: auth(token),
    signal,
  });
}

export function sendMetadataUpdate(token: string, datasetId: string, body: MetadataUpdateRequest) {
  return apiFetch(`${datasetPath(datasetId)}/documents/metadata`, metadataUpdateResultSchema, {
    method: "POST",
    json: body,
    headers: auth(token),
  });
}
