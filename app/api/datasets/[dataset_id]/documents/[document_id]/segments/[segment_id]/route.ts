import { parseInput } from "@/lib/errors/api-error";
import { getChunk } from "@/lib/dify/dify-client";
import { segmentRouteParamsSchema } from "@/lib/ids/path-ids";
import { requireAllowedDataset } from "@/lib/server/knowledge/require-allowed-dataset";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

type Context =
  RouteContext<"/api/datasets/[dataset_id]/documents/[document_id]/segments/[segment_id]">;

// GET /api/datasets/{dataset_id}/documents/{document_id}/segments/{segment_id}: one chunk in full.
export const GET = handleRoute("datasets.segment", async (request, { params }: Context) => {
  await requirePortalToken(request);
  const ids = parseInput(segmentRouteParamsSchema, await params);
  requireAllowedDataset(ids.dataset_id);
  // Dify's own `{data, doc_form}`, as Dify documents it: a portal needs only another base URL
  // and key. /knowledge reads the app's view instead (/api/knowledge/chunks/…).
  return Response.json(await getChunk(ids.dataset_id, ids.document_id, ids.segment_id));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("datasets.segment", ["GET"]);
