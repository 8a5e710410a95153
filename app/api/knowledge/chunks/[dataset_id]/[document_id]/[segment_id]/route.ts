import { KNOWLEDGE_API } from "@/lib/knowledge/knowledge-api-contract";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { toChunkView } from "@/lib/server/knowledge/to-chunk-view";
import { withPortalToken } from "@/lib/server/knowledge/with-portal-token";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  withPortalToken(KNOWLEDGE_API.chunkView, async ({ params }) =>
    toChunkView(
      await getDifyClient().getChunk(params.dataset_id, params.document_id, params.segment_id),
    ),
  ),
);
