import { apiFetch } from "@/lib/client/api-fetch";
import { chunkViewSchema } from "@/lib/knowledge/chunk-view";
import { metadataUpdateResultSchema } from "@/lib/dify/schemas";
import type { MetadataUpdateRequest } from "@/lib/knowledge/metadata-update-request";

// Browser-side calls of the knowledge routes, each carrying the portal token the person entered.

export type ChunkIds = { datasetId: string; documentId: string; segmentId: string };

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const datasetPath = (datasetId: string) => `/api/datasets/${encodeURIComponent(datasetId)}`;

export function fetchChunk(token: string, ids: ChunkIds, signal?: AbortSignal) {
  const path = `/api/knowledge/chunks/${[ids.datasetId, ids.documentId, ids.segmentId].map(encodeURIComponent).join("/")}`;
  // The app's view of the chunk, mapped on the server (the portal route answers Dify's shape).
  return apiFetch(path, chunkViewSchema, {
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
