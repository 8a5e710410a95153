import { KNOWLEDGE_API } from "@/lib/knowledge/knowledge-api-contract";
import { loadChunkView } from "@/lib/server/knowledge/load-chunk-view";
import { withPortalToken } from "@/lib/server/knowledge/with-portal-token";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  withPortalToken(KNOWLEDGE_API.chunkView, ({ params }) => loadChunkView(params)),
);
