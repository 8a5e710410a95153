import { KNOWLEDGE_API } from "@/lib/knowledge/knowledge-api-contract";
import { listKnowledgeBases } from "@/lib/server/knowledge/list-knowledge-bases";
import { withPortalToken } from "@/lib/server/knowledge/with-portal-token";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  withPortalToken(KNOWLEDGE_API.bases, ({ query }) => listKnowledgeBases(query)),
);
