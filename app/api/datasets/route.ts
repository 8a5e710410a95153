import { parseInput } from "@/lib/errors/api-error";
import { listQuerySchema, searchParamsOf } from "@/lib/knowledge/knowledge-list-query";
import { listKnowledgeBases } from "@/lib/server/knowledge/list-knowledge-bases";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

// GET /api/datasets?page&limit&keyword: one page of the knowledge bases, in Dify's own shape.
export const GET = handleRoute("datasets.list", async (request) => {
  await requirePortalToken(request);
  const query = parseInput(listQuerySchema(), searchParamsOf(request.url));
  return Response.json(await listKnowledgeBases(query));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("datasets.list", ["GET"]);
