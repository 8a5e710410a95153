import "server-only";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import type { MetadataOperation } from "@/lib/dify/schemas";
import type { ListQuery } from "@/lib/knowledge/knowledge-list-query";
import { nameRefusedEntries } from "@/lib/server/knowledge/name-refused-entries";
import { toChunkView } from "@/lib/server/knowledge/to-chunk-view";

type DatasetIds = { dataset_id: string };
type DocumentIds = DatasetIds & { document_id: string };
type SegmentIds = DocumentIds & { segment_id: string };

export const datasetReads = {
  documents: (ids: DatasetIds, query: ListQuery) =>
    getDifyClient().listDocuments(ids.dataset_id, query),
  metadataFields: (ids: DatasetIds) => getDifyClient().listMetadataFields(ids.dataset_id),
  segments: (ids: DocumentIds, query: ListQuery) =>
    getDifyClient().listSegments(ids.dataset_id, ids.document_id, query),
  segment: (ids: SegmentIds) =>
    getDifyClient().getChunk(ids.dataset_id, ids.document_id, ids.segment_id),
  chunkView: async (ids: SegmentIds) => toChunkView(await datasetReads.segment(ids)),
  /** A refused update names the entries Dify did not find (nameRefusedEntries). */
  async updateMetadata(ids: DatasetIds, operations: MetadataOperation[]) {
    try {
      return await getDifyClient().updateDocumentsMetadata(ids.dataset_id, operations);
    } catch (error) {
      throw await nameRefusedEntries(ids.dataset_id, operations, error);
    }
  },
};
