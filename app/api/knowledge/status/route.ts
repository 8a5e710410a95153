import { KNOWLEDGE_API } from "@/lib/knowledge/knowledge-api-contract";
import { knowledgeToolsStatus } from "@/lib/knowledge/knowledge-tools-status";
import { getEnv } from "@/lib/server/env";
import { withPortalToken } from "@/lib/server/knowledge/with-portal-token";
import { defineRoute } from "@/lib/server/route-handler";

// The page itself tells an anonymous visitor nothing about the server's configuration.
export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  withPortalToken(KNOWLEDGE_API.status, () => knowledgeToolsStatus(getEnv())),
);
