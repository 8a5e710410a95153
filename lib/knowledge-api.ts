import { z } from "zod";
import { apiFetch } from "@/lib/api-fetch";
import { chunkViewSchema } from "@/lib/chunk-view";
import type { MetadataUpdateRequest } from "@/lib/metadata-update-request";

// Browser-side calls of the knowledge routes, each carrying the portal token the person entered.

export type ChunkIds = { datasetId: string; documentId: string; segmentId: string };

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const datasetPath = (datasetId: string) => `/api/datasets/${encodeURIComponent(datasetId)}`;

export function fetchChunk(token: string, ids: ChunkIds, signal?: AbortSignal) {
  const path = `${datasetPath(ids.datasetId)}/documents/${encodeURIComponent(ids.documentId)}/segments/${encodeURIComponent(ids.segmentId)}`;
  return apiFetch(path, chunkViewSchema, { headers: auth(token), signal });
}

export function sendMetadataUpdate(token: string, datasetId: string, body: MetadataUpdateRequest) {
  return apiFetch(
    `${datasetPath(datasetId)}/documents/metadata`,
    z.object({ result: z.string() }),
    { method: "POST", json: body, headers: auth(token) },
  );
}
