import { apiFetch } from "@/lib/client/api-fetch";
import { chunkViewSchema } from "@/lib/knowledge/chunk-view";
import {
  datasetPageSchema,
  documentPageSchema,
  metadataFieldsSchema,
  metadataUpdateResultSchema,
  segmentPageSchema,
} from "@/lib/dify/schemas";
import {
  toDocumentPage,
  toKnowledgeBasePage,
  toMetadataFields,
  toSegmentPage,
} from "@/lib/knowledge/knowledge-views";
import { knowledgeToolsStatusSchema } from "@/lib/knowledge/knowledge-tools-status";
import type { MetadataUpdateRequest } from "@/lib/knowledge/metadata-update-request";

// Browser-side calls of the knowledge routes, each carrying the portal token the person entered.

export type ChunkIds = { datasetId: string; documentId: string; segmentId: string };

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const datasetPath = (datasetId: string) => `/api/datasets/${encodeURIComponent(datasetId)}`;

/** Whether the knowledge tools can work on this server: told to a portal-token holder only. */
export function fetchKnowledgeStatus(token: string, signal?: AbortSignal) {
  return apiFetch("/api/knowledge/status", knowledgeToolsStatusSchema, {
    headers: auth(token),
    signal,
  });
}

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

/** A list's page, keyword and status, as the routes read them from the query string. */
export type ListParams = { page: number; limit: number; keyword?: string; status?: string };

function listPath(path: string, params: ListParams): string {
  const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.keyword) query.set("keyword", params.keyword);
  if (params.status) query.set("status", params.status);
  return `${path}?${query}`;
}

export async function fetchKnowledgeBases(token: string, params: ListParams, signal?: AbortSignal) {
  const wire = await apiFetch(listPath("/api/datasets", params), datasetPageSchema, {
    headers: auth(token),
    signal,
  });
  return toKnowledgeBasePage(wire);
}

export async function fetchDocuments(
  token: string,
  datasetId: string,
  params: ListParams,
  signal?: AbortSignal,
) {
  const path = listPath(`${datasetPath(datasetId)}/documents`, params);
  const wire = await apiFetch(path, documentPageSchema, { headers: auth(token), signal });
  return toDocumentPage(wire);
}

export async function fetchMetadataFields(token: string, datasetId: string, signal?: AbortSignal) {
  const wire = await apiFetch(`${datasetPath(datasetId)}/metadata`, metadataFieldsSchema, {
    headers: auth(token),
    signal,
  });
  return toMetadataFields(wire);
}

export async function fetchSegments(
  token: string,
  ids: { datasetId: string; documentId: string },
  params: ListParams,
  signal?: AbortSignal,
) {
  const path = listPath(
    `${datasetPath(ids.datasetId)}/documents/${encodeURIComponent(ids.documentId)}/segments`,
    params,
  );
  const wire = await apiFetch(path, segmentPageSchema, { headers: auth(token), signal });
  return toSegmentPage(wire);
}
