import {
  knowledgeToolsStatus,
  knowledgeToolsStatusSchema,
} from "@/lib/knowledge/knowledge-tools-status";
import { getEnv } from "@/lib/server/env";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute, jsonAnswer, otherMethods } from "@/lib/server/route-handler";

// GET /api/knowledge/status: whether /knowledge can work here, for a portal-token holder only
// (the page itself tells an anonymous visitor nothing about the server's configuration).
export const GET = handleRoute("knowledge.status", async (request) => {
  await requirePortalToken(request);
  return jsonAnswer(knowledgeToolsStatusSchema, knowledgeToolsStatus(getEnv()));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("knowledge.status", ["GET"]);
