import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { MetadataOperation } from "@/lib/dify/schemas";
import { applyInBatches, type BatchOutcome } from "@/lib/knowledge/metadata-batches";
import { baseQueryKey, sendMetadataUpdate } from "@/lib/knowledge/queries";

export type ApplyMetadata = { datasetId: string; operations: MetadataOperation[] };

// Never throws; afterwards every read of the base is refetched, so the table shows what the server
// holds rather than what was sent.
export function useApplyMetadata(token: string | null) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const mutation = useMutation<BatchOutcome, Error, ApplyMetadata>({
    mutationFn: ({ datasetId, operations }) => {
      setProgress(null);
      return applyInBatches(
        operations,
        (batch) => sendMetadataUpdate(token, { datasetId, body: { operation_data: batch } }),
        (done, total) => setProgress({ done, total }),
      );
    },
    onSettled: (_outcome, _error, { datasetId }) =>
      queryClient.invalidateQueries({ queryKey: baseQueryKey(datasetId) }),
  });
  return { ...mutation, progress };
}
