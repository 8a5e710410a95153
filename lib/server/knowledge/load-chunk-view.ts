import "server-only";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import type { ChunkView } from "@/lib/knowledge/chunk-view";
import { toChunkView } from "@/lib/server/knowledge/to-chunk-view";

/** One chunk, fetched with the server's knowledge key, as the app's view of it. */
export async function loadChunkView(ids: {
  dataset_id: string;
  document_id: string;
  segment_id: string;
}): Promise<ChunkView> {
  return toChunkView(
    await getDifyClient().getChunk(ids.dataset_id, ids.document_id, ids.segment_id),
  );
}
