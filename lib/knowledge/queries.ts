import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { fetchChunk, sendMetadataUpdate, type ChunkIds } from "@/lib/knowledge/knowledge-api";
import type { MetadataUpdateRequest } from "@/lib/knowledge/metadata-update-request";

// The knowledge tools' reads and writes. The portal token is part of a chunk's key: the answer
// depends on it, and the key lives only in this tab's memory.

export const chunkQuery = (token: string, ids: ChunkIds) =>
  queryOptions({
    queryKey: ["knowledge", "chunk", ids.datasetId, ids.documentId, ids.segmentId, token],
    queryFn: ({ signal }) => fetchChunk(token, ids, signal),
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
