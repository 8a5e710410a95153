import {
  chunkEnvelopeSchema,
  datasetPageSchema,
  documentPageSchema,
  metadataFieldsSchema,
  metadataUpdateResultSchema,
  segmentPageSchema,
} from "@/lib/dify/schemas";
import {
  datasetRouteParamsSchema,
  documentRouteParamsSchema,
  segmentRouteParamsSchema,
} from "@/lib/ids/path-ids";
import { chunkViewSchema } from "@/lib/knowledge/chunk-view";
import {
  DOCUMENT_STATUSES,
  listQuerySchema,
  SEGMENT_STATUSES,
} from "@/lib/knowledge/knowledge-list-query";
import { knowledgeToolsStatusSchema } from "@/lib/knowledge/knowledge-tools-status";
import { metadataUpdateRequestSchema } from "@/lib/knowledge/metadata-update-request";
import { routeContract } from "@/lib/routes/route-contract";

// The /api/datasets routes answer in Dify's own shapes: a portal needs only another base URL and key.

export const KNOWLEDGE_API = {
  status: routeContract({
    method: "GET",
    path: "/api/knowledge/status",
    answer: knowledgeToolsStatusSchema,
  }),
  chunkView: routeContract({
    method: "GET",
    path: "/api/knowledge/chunks/[dataset_id]/[document_id]/[segment_id]",
    params: segmentRouteParamsSchema,
    answer: chunkViewSchema,
  }),
  bases: routeContract({
    method: "GET",
    path: "/api/datasets",
    query: listQuerySchema(),
    answer: datasetPageSchema,
  }),
  documents: routeContract({
    method: "GET",
    path: "/api/datasets/[dataset_id]/documents",
    params: datasetRouteParamsSchema,
    query: listQuerySchema(DOCUMENT_STATUSES),
    answer: documentPageSchema,
  }),
  metadataFields: routeContract({
    method: "GET",
    path: "/api/datasets/[dataset_id]/metadata",
    params: datasetRouteParamsSchema,
    answer: metadataFieldsSchema,
  }),
  updateMetadata: routeContract({
    method: "POST",
    path: "/api/datasets/[dataset_id]/documents/metadata",
    params: datasetRouteParamsSchema,
    body: metadataUpdateRequestSchema,
    answer: metadataUpdateResultSchema,
  }),
  segments: routeContract({
    method: "GET",
    path: "/api/datasets/[dataset_id]/documents/[document_id]/segments",
    params: documentRouteParamsSchema,
    query: listQuerySchema(SEGMENT_STATUSES),
    answer: segmentPageSchema,
  }),
  /** One chunk in full, as Dify's `{data, doc_form}`. */
  segment: routeContract({
    method: "GET",
    path: "/api/datasets/[dataset_id]/documents/[document_id]/segments/[segment_id]",
    params: segmentRouteParamsSchema,
    answer: chunkEnvelopeSchema,
  }),
};
