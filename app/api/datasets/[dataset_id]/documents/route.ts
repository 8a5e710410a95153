import { parseInput } from "@/lib/errors/api-error";
import { listDocuments } from "@/lib/dify/dify-client";
import { datasetRouteParamsSchema } from "@/lib/ids/path-ids";
import {
  DOCUMENT_STATUSES,
  listQuerySchema,
  searchParamsOf,
} from "@/lib/knowledge/knowledge-list-query";
import { requireAllowedDataset } from "@/lib/server/knowledge/require-allowed-dataset";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

type Context = RouteContext<"/api/datasets/[dataset_id]/documents">;

// GET /api/datasets/{dataset_id}/documents?page&limit&keyword&status: one page of documents, each
// with its metadata values, in Dify's own shape.
export const GET = handleRoute("datasets.documents", async (request, { params }: Context) => {
  await requirePortalToken(request);
  const { dataset_id } = parseInput(datasetRouteParamsSchema, await params);
  requireAllowedDataset(dataset_id);
  const query = parseInput(listQuerySchema(DOCUMENT_STATUSES), searchParamsOf(request.url));
  return Response.json(await listDocuments(dataset_id, query));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("datasets.documents", ["GET"]);
