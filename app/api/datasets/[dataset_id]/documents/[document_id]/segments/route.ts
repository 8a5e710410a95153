import { KNOWLEDGE_API } from "@/lib/knowledge/knowledge-api-contract";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { withPortalToken } from "@/lib/server/knowledge/with-portal-token";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  withPortalToken(KNOWLEDGE_API.segments, ({ params, query }) =>
    getDifyClient().listSegments(params.dataset_id, params.document_id, query),
  ),
);
