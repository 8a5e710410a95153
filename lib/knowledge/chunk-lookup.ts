import { z } from "zod";
import {
  datasetIdSchema,
  documentIdSchema,
  pathIdSchema,
  segmentIdSchema,
  type PathIdMessages,
} from "@/lib/dify/route-params";

// The "open a chunk" form on /knowledge: the same id rules as the route, and which of the three
// ids a refusal is about, so the message can stand next to that field.

/** The route's own schemas: its English messages. */
export const chunkLookupSchema = z.object({
  datasetId: datasetIdSchema,
  documentId: documentIdSchema,
  segmentId: segmentIdSchema,
});
export type ChunkLookupValues = z.infer<typeof chunkLookupSchema>;
export type ChunkLookupField = keyof ChunkLookupValues;

/** The same rules with messages in the page's language. */
export function buildChunkLookupSchema(messages: Record<ChunkLookupField, PathIdMessages>) {
  return z.object({
    datasetId: pathIdSchema(messages.datasetId),
    documentId: pathIdSchema(messages.documentId),
    segmentId: pathIdSchema(messages.segmentId),
  });
}

export const chunkLookupDefaults = (): ChunkLookupValues => ({
  datasetId: "",
  documentId: "",
  segmentId: "",
});

const PARTS: { field: ChunkLookupField; pattern: RegExp; what: string }[] = [
  { field: "datasetId", pattern: /\bdataset/i, what: "dataset" },
  { field: "documentId", pattern: /\bdocument/i, what: "document" },
  { field: "segmentId", pattern: /\bsegment/i, what: "segment" },
];

/**
 * Which id a 404 (`Dataset not found.`, `Document not found.`, `Segment not found.`) or one of our
 * own 400s (`segment_id: …`) names; null when the message names none of them.
 */
export function lookupFieldOf(message: string): { field: ChunkLookupField; what: string } | null {
  const part = PARTS.find(({ pattern }) => pattern.test(message));
  return part ? { field: part.field, what: part.what } : null;
}
