import { segmentRouteParamsSchema } from "@/lib/ids/path-ids";
import { loadChunkView } from "@/lib/server/knowledge/load-chunk-view";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

type Context = RouteContext<"/api/knowledge/chunks/[dataset_id]/[document_id]/[segment_id]">;

// GET /api/knowledge/chunks/{dataset_id}/{document_id}/{segment_id}: one chunk as /knowledge shows it.
export const GET = handleRoute("knowledge.chunk", async (request, { params }: Context) => {
  requirePortalToken(request);
  return Response.json(await loadChunkView(segmentRouteParamsSchema.parse(await params)));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("knowledge.chunk", ["GET"]);
