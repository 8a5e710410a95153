import "server-only";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { ApiError } from "@/lib/errors/api-error";
import { KNOWLEDGE_API } from "@/lib/knowledge/knowledge-api-contract";
import { knowledgeToolsStatus } from "@/lib/knowledge/knowledge-tools-status";
import type { RouteContract } from "@/lib/routes/route-contract";
import { getEnv } from "@/lib/server/env";
import { listKnowledgeBases } from "@/lib/server/knowledge/list-knowledge-bases";
import { nameRefusedEntries } from "@/lib/server/knowledge/name-refused-entries";
import { toChunkView } from "@/lib/server/knowledge/to-chunk-view";
import { requirePortalToken } from "@/lib/server/request-guards";
import { defineRoute, endpoint, type RouteHandler } from "@/lib/server/route-handler";

// Dify's knowledge key reaches every dataset of its workspace: KNOWLEDGE_DATASET_IDS keeps a portal
// token to its bases. A bearer token, not the same-origin guard: portals call from their backends.
export function withPortalToken<C extends RouteContract>(contract: C, handler: RouteHandler<C>) {
  return endpoint(contract, handler, {
    before: requirePortalToken,
    guard: (_request, params) => {
      const datasetId = (params as { dataset_id?: string } | undefined)?.dataset_id;
      const allowed = getEnv().KNOWLEDGE_DATASET_IDS;
      if (datasetId !== undefined && allowed && !allowed.includes(datasetId)) {
        throw ApiError.of(
          "dataset_not_allowed",
          "This server's knowledge routes do not reach this dataset.",
        );
      }
      return {};
    },
  });
}

type Api = typeof KNOWLEDGE_API;
type SegmentIds = { dataset_id: string; document_id: string; segment_id: string };

const readChunk = (ids: SegmentIds) =>
  getDifyClient().getChunk(ids.dataset_id, ids.document_id, ids.segment_id);

const HANDLERS: { [K in keyof Api]: RouteHandler<Api[K]> } = {
  // The page itself tells an anonymous visitor nothing about the server's configuration.
  status: () => knowledgeToolsStatus(getEnv()),
  chunkView: async ({ params }) => toChunkView(await readChunk(params)),
  bases: ({ query }) => listKnowledgeBases(query),
  documents: ({ params, query }) => getDifyClient().listDocuments(params.dataset_id, query),
  metadataFields: ({ params }) => getDifyClient().listMetadataFields(params.dataset_id),
  // A refused update names the entries Dify did not find.
  updateMetadata: async ({ params, readBody }) => {
    const operations = (await readBody()).operation_data;
    try {
      return await getDifyClient().updateDocumentsMetadata(params.dataset_id, operations);
    } catch (error) {
      throw await nameRefusedEntries(params.dataset_id, operations, error);
    }
  },
  segments: ({ params, query }) =>
    getDifyClient().listSegments(params.dataset_id, params.document_id, query),
  segment: ({ params }) => readChunk(params),
};

/** A knowledge route file's exports: its contract's method, behind the portal token. */
export const knowledgeRoute = <K extends keyof Api>(name: K) =>
  defineRoute(withPortalToken(KNOWLEDGE_API[name], HANDLERS[name]));
