import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
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

// The token is part of each key: the answer depends on it, and the key lives only in this tab's
// memory.

export type ChunkIds = { datasetId: string; documentId: string; segmentId: string };

const auth = (token: string, signal?: AbortSignal) => ({
  headers: { Authorization: `Bearer ${token}` },
  signal,
});

export const knowledgeStatusQuery = (token: string) =>
  queryOptions({
    queryKey: ["knowledge", "status", token],
    queryFn: ({ signal }) => callRoute(KNOWLEDGE_API.status, auth(token, signal)),
    staleTime: Infinity,
  });

export const chunkQuery = (token: string, ids: ChunkIds) =>
  queryOptions({
    queryKey: ["knowledge", "chunk", ids.datasetId, ids.documentId, ids.segmentId, token],
    queryFn: ({ signal }) =>
      callRoute(KNOWLEDGE_API.chunkView, {
        ...auth(token, signal),
        params: {
          dataset_id: ids.datasetId,
          document_id: ids.documentId,
          segment_id: ids.segmentId,
        },
      }),
  });

/** Every read of one base (documents, fields, chunks), to refetch them after a change. */
export const baseQueryKey = (datasetId: string) => ["knowledge", "base", datasetId] as const;

// A page keeps showing while the next one loads (placeholderData), so paging does not flash.
export const knowledgeBasesQuery = (token: string, params: ListQuery) =>
  queryOptions({
    queryKey: ["knowledge", "bases", params, token],
    queryFn: async ({ signal }) =>
      toKnowledgeBasePage(
        await callRoute(KNOWLEDGE_API.bases, { ...auth(token, signal), query: params }),
      ),
    placeholderData: keepPreviousData,
  });

export const documentsQuery = (token: string, datasetId: string, params: ListQuery) =>
  queryOptions({
    queryKey: [...baseQueryKey(datasetId), "documents", params, token],
    queryFn: async ({ signal }) =>
      toDocumentPage(
        await callRoute(KNOWLEDGE_API.documents, {
          ...auth(token, signal),
          params: { dataset_id: datasetId },
          query: params,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const metadataFieldsQuery = (token: string, datasetId: string) =>
  queryOptions({
    queryKey: [...baseQueryKey(datasetId), "fields", token],
    queryFn: async ({ signal }) =>
      toMetadataFields(
        await callRoute(KNOWLEDGE_API.metadataFields, {
          ...auth(token, signal),
          params: { dataset_id: datasetId },
        }),
      ),
  });

export const segmentsQuery = (
  token: string,
  ids: { datasetId: string; documentId: string },
  params: ListQuery,
) =>
  queryOptions({
    queryKey: [...baseQueryKey(ids.datasetId), "segments", ids.documentId, params, token],
    queryFn: async ({ signal }) =>
      toSegmentPage(
        await callRoute(KNOWLEDGE_API.segments, {
          ...auth(token, signal),
          params: { dataset_id: ids.datasetId, document_id: ids.documentId },
          query: params,
        }),
      ),
    placeholderData: keepPreviousData,
  });

const sameIds = (a: ChunkIds | null, b: ChunkIds) =>
  a?.datasetId === b.datasetId && a.documentId === b.documentId && a.segmentId === b.segmentId;

/** Opening the same ids again asks afresh; `onError` hears a failed lookup once per answer. */
export function useChunkLookup(token: string | null, onError: (error: Error) => void) {
  const [ids, setIds] = useState<ChunkIds | null>(null);
  const query = useQuery({
    ...chunkQuery(token ?? "", ids ?? { datasetId: "", documentId: "", segmentId: "" }),
    enabled: token !== null && ids !== null,
  });
  const latest = useRef(onError);
  useEffect(() => {
    latest.current = onError;
  });
  const { error, errorUpdatedAt, isFetching: pending } = query;
  useEffect(() => {
    if (error && !pending) latest.current(error);
  }, [error, errorUpdatedAt, pending]);

  const open = (next: ChunkIds) => {
    if (sameIds(ids, next)) void query.refetch();
    else setIds(next);
  };
  return {
    open,
    ids,
    pending,
    chunk: pending ? undefined : query.data,
    error: pending ? null : query.error,
  };
}

export type MetadataUpdate = { datasetId: string; body: MetadataUpdateRequest };

export function sendMetadataUpdate(
  token: string | null,
  datasetId: string,
  body: MetadataUpdateRequest,
) {
  const call = { ...auth(token ?? ""), params: { dataset_id: datasetId }, body };
  return callRoute(KNOWLEDGE_API.updateMetadata, call);
}
