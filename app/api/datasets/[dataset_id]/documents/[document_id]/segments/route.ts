import { parseInput } from "@/lib/errors/api-error";
import { listSegments } from "@/lib/dify/dify-client";
import { documentRouteParamsSchema } from "@/lib/ids/path-ids";
import {
  listQuerySchema,
  SEGMENT_STATUSES,
  searchParamsOf,
} from "@/lib/knowledge/knowledge-list-query";
import { requireAllowedDataset } from "@/lib/server/knowledge/require-allowed-dataset";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

type Context = RouteContext<"/api/datasets/[dataset_id]/documents/[document_id]/segments">;

// GET /api/datasets/{dataset_id}/documents/{document_id}/segments?page&limit&keyword&status: one
// page of a document's chunks, in Dify's own shape.
export const GET = handleRoute("datasets.segments", async (request, { params }: Context) => {
  await requirePortalToken(request);
  const ids = parseInput(documentRouteParamsSchema, await params);
  requireAllowedDataset(ids.dataset_id);
  const query = parseInput(listQuerySchema(SEGMENT_STATUSES), searchParamsOf(request.url));
  return Response.json(await listSegments(ids.dataset_id, ids.document_id, query));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("datasets.segments", ["GET"]);
