import { getChunk } from "@/lib/dify/dify-client";
import { NO_STORE } from "@/lib/server/http";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute } from "@/lib/server/route-handler";
import { segmentRouteParamsSchema } from "@/lib/dify/route-params";

type Context = {
  params: Promise<{ dataset_id: string; document_id: string; segment_id: string }>;
};

// GET /api/datasets/{dataset_id}/documents/{document_id}/segments/{segment_id}: one chunk in full.
export const GET = handleRoute("datasets.segment", async (request, { params }: Context) => {
  requirePortalToken(request);
  const ids = segmentRouteParamsSchema.parse(await params);
  // Dify's own `{data, doc_form}`, as Dify documents it: a portal needs only another base URL
  // and key. /knowledge maps it for display in the browser (lib/knowledge/chunk-view.ts).
  const envelope = await getChunk(ids.dataset_id, ids.document_id, ids.segment_id);
  return Response.json(envelope, { headers: NO_STORE });
});
