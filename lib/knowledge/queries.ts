import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import {
  fetchChunk,
  fetchDocuments,
  fetchKnowledgeBases,
  fetchKnowledgeStatus,
  fetchMetadataFields,
  fetchSegments,
  sendMetadataUpdate,
  type ChunkIds,
  type ListParams,
} from "@/lib/knowledge/knowledge-api";
import type { MetadataUpdateRequest } from "@/lib/knowledge/metadata-update-request";

// The knowledge tools' reads and writes. The portal token is part of a chunk's key: the answer
// depends on it, and the key lives only in this tab's memory.

export const knowledgeStatusQuery = (token: string) =>
  queryOptions({
    queryKey: ["knowledge", "status", token],
    queryFn: ({ signal }) => fetchKnowledgeStatus(token, signal),
    staleTime: Infinity,
  });

export const chunkQuery = (token: string, ids: ChunkIds) =>
  queryOptions({
    queryKey: ["knowledge", "chunk", ids.datasetId, ids.documentId, ids.segmentId, token],
    queryFn: ({ signal }) => fetchChunk(token, ids, signal),
  });

/** Every read of one base (documents, fields, chunks), to refetch them after a change. */
export const baseQueryKey = (datasetId: string) => ["knowledge", "base", datasetId] as const;

// A page keeps showing while the next one loads (placeholderData), so paging does not flash.
export const knowledgeBasesQuery = (token: string, params: ListParams) =>
  queryOptions({
    queryKey: ["knowledge", "bases", params, token],
    queryFn: ({ signal }) => fetchKnowledgeBases(token, params, signal),
    placeholderData: keepPreviousData,
  });

export const documentsQuery = (token: string, datasetId: string, params: ListParams) =>
  queryOptions({
    queryKey: [...baseQueryKey(datasetId), "documents", params, token],
    queryFn: ({ signal }) => fetchDocuments(token, datasetId, params, signal),
    placeholderData: keepPreviousData,
  });

export const metadataFieldsQuery = (token: string, datasetId: string) =>
  queryOptions({
    queryKey: [...baseQueryKey(datasetId), "fields", token],
    queryFn: ({ signal }) => fetchMetadataFields(token, datasetId, signal),
  });

export const segmentsQuery = (
  token: string,
  ids: { datasetId: string; documentId: string },
  params: ListParams,
) =>
  queryOptions({
    queryKey: [...baseQueryKey(ids.datasetId), "segments", ids.documentId, params, token],
    queryFn: ({ signal }) => fetchSegments(token, ids, params, signal),
    placeholderData: keepPreviousData,
  });

const sameIds = (a: ChunkIds | null, b: ChunkIds) =>
  a?.datasetId === b.datasetId && a.documentId === b.documentId && a.segmentId === b.segmentId;

/**
 * Opens one chunk by its ids (a read: opening the same ids again asks afresh). `onError` hears a
 * failed lookup once per answer.
 */
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

/** Sends one batch of metadata (a write). */
export function useMetadataUpdate(
  token: string | null,
  on: { onSuccess: () => void; onError: (error: Error) => void },
) {
  return useMutation({
    mutationFn: ({ datasetId, body }: MetadataUpdate) =>
      sendMetadataUpdate(token ?? "", datasetId, body),
    ...on,
  });
}
