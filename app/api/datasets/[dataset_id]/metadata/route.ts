import { parseInput } from "@/lib/errors/api-error";
import { listMetadataFields } from "@/lib/dify/dify-client";
import { datasetRouteParamsSchema } from "@/lib/ids/path-ids";
import { requireAllowedDataset } from "@/lib/server/knowledge/require-allowed-dataset";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

type Context = RouteContext<"/api/datasets/[dataset_id]/metadata">;

// GET /api/datasets/{dataset_id}/metadata: the base's metadata fields, in Dify's own shape.
export const GET = handleRoute("datasets.metadataFields", async (request, { params }: Context) => {
  await requirePortalToken(request);
  const { dataset_id } = parseInput(datasetRouteParamsSchema, await params);
  requireAllowedDataset(dataset_id);
  return Response.json(await listMetadataFields(dataset_id));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("datasets.metadataFields", ["GET"]);
