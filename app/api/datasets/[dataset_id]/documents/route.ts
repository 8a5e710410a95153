import { listDocuments } from "@/lib/dify/dify-client";
import { datasetRouteParamsSchema } from "@/lib/dify/route-params";
import {
  DOCUMENT_STATUSES,
  listQuerySchema,
  searchParamsOf,
} from "@/lib/knowledge/knowledge-list-query";
import { withKnowledgeKey } from "@/lib/server/knowledge/with-knowledge-key";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute } from "@/lib/server/route-handler";

type Context = RouteContext<"/api/datasets/[dataset_id]/documents">;

// GET /api/datasets/{dataset_id}/documents?page&limit&keyword&status: one page of documents, each
// with its metadata values, in Dify's own shape.
export const GET = handleRoute("datasets.documents", async (request, { params }: Context) => {
  requirePortalToken(request);
  const { dataset_id } = datasetRouteParamsSchema.parse(await params);
  const query = listQuerySchema(DOCUMENT_STATUSES).parse(searchParamsOf(request.url));
  return Response.json(await withKnowledgeKey(listDocuments(dataset_id, query)));
});
