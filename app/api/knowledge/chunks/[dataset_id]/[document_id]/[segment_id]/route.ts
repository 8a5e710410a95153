import { parseInput } from "@/lib/errors/api-error";
import { segmentRouteParamsSchema } from "@/lib/ids/path-ids";
import { loadChunkView } from "@/lib/server/knowledge/load-chunk-view";
import { requireAllowedDataset } from "@/lib/server/knowledge/require-allowed-dataset";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

type Context = RouteContext<"/api/knowledge/chunks/[dataset_id]/[document_id]/[segment_id]">;

// GET /api/knowledge/chunks/{dataset_id}/{document_id}/{segment_id}: one chunk as /knowledge shows it.
export const GET = handleRoute("knowledge.chunk", async (request, { params }: Context) => {
  await requirePortalToken(request);
  const ids = parseInput(segmentRouteParamsSchema, await params);
  requireAllowedDataset(ids.dataset_id);
  return Response.json(await loadChunkView(ids));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("knowledge.chunk", ["GET"]);
