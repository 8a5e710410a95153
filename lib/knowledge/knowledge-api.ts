import { callRoute } from "@/lib/client/call-route";
import { KNOWLEDGE_API } from "@/lib/knowledge/knowledge-api-contract";
import {
  toDocumentPage,
  toKnowledgeBasePage,
  toMetadataFields,
  toSegmentPage,
} from "@/lib/knowledge/knowledge-views";
import type { MetadataUpdateRequest } from "@/lib/knowledge/metadata-update-request";

// Browser-side calls of the knowledge routes, each carrying the portal token the person entered.

export type ChunkIds = { datasetId: string; documentId: string; segmentId: string };

/** A list's page, keyword and status, as the routes read them from the query string. */
export type ListParams = { page: number; limit: number; keyword?: string; status?: string };

const auth = (token: string, signal?: AbortSignal) => ({
  headers: { Authorization: `Bearer ${token}` },
  signal,
});

/** Whether the knowledge tools can work on this server: told to a portal-token holder only. */
export function fetchKnowledgeStatus(token: string, signal?: AbortSignal) {
  return callRoute(KNOWLEDGE_API.status, auth(token, signal));
}

/** The app's view of the chunk, mapped on the server (the portal route answers Dify's shape). */
export function fetchChunk(token: string, ids: ChunkIds, signal?: AbortSignal) {
  const params = {
    dataset_id: ids.datasetId,
    document_id: ids.documentId,
    segment_id: ids.segmentId,
  };
  return callRoute(KNOWLEDGE_API.chunkView, { ...auth(token, signal), params });
}

export function sendMetadataUpdate(token: string, datasetId: string, body: MetadataUpdateRequest) {
  const params = { dataset_id: datasetId };
  return callRoute(KNOWLEDGE_API.updateMetadata, { ...auth(token), params, body });
}

export async function fetchKnowledgeBases(token: string, query: ListParams, signal?: AbortSignal) {
  return toKnowledgeBasePage(
    await callRoute(KNOWLEDGE_API.bases, { ...auth(token, signal), query }),
  );
}

export async function fetchDocuments(
  token: string,
  datasetId: string,
  query: ListParams,
  signal?: AbortSignal,
) {
  const params = { dataset_id: datasetId };
  const call = { ...auth(token, signal), params, query };
  return toDocumentPage(await callRoute(KNOWLEDGE_API.documents, call));
}

export async function fetchMetadataFields(token: string, datasetId: string, signal?: AbortSignal) {
  const params = { dataset_id: datasetId };
  return toMetadataFields(
    await callRoute(KNOWLEDGE_API.metadataFields, { ...auth(token, signal), params }),
  );
}

export async function fetchSegments(
  token: string,
  ids: { datasetId: string; documentId: string },
  query: ListParams,
  signal?: AbortSignal,
) {
  const params = { dataset_id: ids.datasetId, document_id: ids.documentId };
  const call = { ...auth(token, signal), params, query };
  return toSegmentPage(await callRoute(KNOWLEDGE_API.segments, call));
}
