import { listMetadataFields } from "@/lib/dify/dify-client";
import { datasetRouteParamsSchema } from "@/lib/dify/route-params";
import { withKnowledgeKey } from "@/lib/server/knowledge/with-knowledge-key";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute } from "@/lib/server/route-handler";

type Context = RouteContext<"/api/datasets/[dataset_id]/metadata">;

// GET /api/datasets/{dataset_id}/metadata: the base's metadata fields, in Dify's own shape.
export const GET = handleRoute("datasets.metadataFields", async (request, { params }: Context) => {
  requirePortalToken(request);
  const { dataset_id } = datasetRouteParamsSchema.parse(await params);
  return Response.json(await withKnowledgeKey(listMetadataFields(dataset_id)));
});
