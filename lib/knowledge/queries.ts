import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { callRoute } from "@/lib/client/call-route";
import { KNOWLEDGE_API } from "@/lib/knowledge/knowledge-api-contract";
import type { ListQuery } from "@/lib/knowledge/knowledge-list-query";
import {
  toDocumentPage,
  toKnowledgeBasePage,
  toMetadataFields,
  toSegmentPage,
} from "@/lib/knowledge/knowledge-views";
import type { MetadataUpdateRequest } from "@/lib/knowledge/metadata-update-request";

// The token is part of each key: the answer depends on it, and a key lives only in this tab.

export type ChunkIds = { datasetId: string; documentId: string; segmentId: string };

const auth = (token: string, signal?: AbortSignal) => ({
  headers: { Authorization: `Bearer ${token}` },
  signal,
});

type Route = Parameters<typeof callRoute>[0];
type Answer<C extends Route> = Awaited<ReturnType<typeof callRoute<C>>>;

/** A query's call of the route with the token, cancelled with the query, its answer as `view`s it. */
const ask =
  <C extends Route, V = Answer<C>>(
    token: string,
    contract: C,
    call: Parameters<typeof callRoute<C>>[1] = {},
    view?: (answer: Answer<C>) => V,
  ) =>
  async ({ signal }: { signal: AbortSignal }) => {
    const answer = await callRoute(contract, { ...call, ...auth(token, signal) });
    return (view ? view(answer) : answer) as V;
  };

export const knowledgeStatusQuery = (token: string) =>
  queryOptions({
    queryKey: ["knowledge", "status", token],
    queryFn: ask(token, KNOWLEDGE_API.status),
    staleTime: Infinity,
  });

export const chunkQuery = (token: string, ids: ChunkIds) =>
  queryOptions({
    queryKey: ["knowledge", "chunk", ids.datasetId, ids.documentId, ids.segmentId, token],
    queryFn: ask(token, KNOWLEDGE_API.chunkView, {
      params: { dataset_id: ids.datasetId, document_id: ids.documentId, segment_id: ids.segmentId },
    }),
  });

/** Every read of one base (documents, fields, chunks), to refetch them after a change. */
export const baseQueryKey = (datasetId: string) => ["knowledge", "base", datasetId] as const;

// A page keeps showing while the next one loads (placeholderData), so paging does not flash.
export const knowledgeBasesQuery = (token: string, query: ListQuery) =>
  queryOptions({
    queryKey: ["knowledge", "bases", query, token],
    queryFn: ask(token, KNOWLEDGE_API.bases, { query }, toKnowledgeBasePage),
    placeholderData: keepPreviousData,
  });

export const documentsQuery = (token: string, dataset_id: string, query: ListQuery) =>
  queryOptions({
    queryKey: [...baseQueryKey(dataset_id), "documents", query, token],
    queryFn: ask(token, KNOWLEDGE_API.documents, { params: { dataset_id }, query }, toDocumentPage),
    placeholderData: keepPreviousData,
  });

export const metadataFieldsQuery = (token: string, dataset_id: string) =>
  queryOptions({
    queryKey: [...baseQueryKey(dataset_id), "fields", token],
    queryFn: ask(token, KNOWLEDGE_API.metadataFields, { params: { dataset_id } }, toMetadataFields),
  });

export const segmentsQuery = (
  token: string,
  { datasetId, documentId }: { datasetId: string; documentId: string },
  query: ListQuery,
) =>
  queryOptions({
    queryKey: [...baseQueryKey(datasetId), "segments", documentId, query, token],
    queryFn: ask(
      token,
      KNOWLEDGE_API.segments,
      { params: { dataset_id: datasetId, document_id: documentId }, query },
      toSegmentPage,
    ),
    placeholderData: keepPreviousData,
  });

export type MetadataUpdate = { datasetId: string; body: MetadataUpdateRequest };

export const sendMetadataUpdate = (token: string | null, { datasetId, body }: MetadataUpdate) =>
  callRoute(KNOWLEDGE_API.updateMetadata, {
    ...auth(token ?? ""),
    params: { dataset_id: datasetId },
    body,
  });
