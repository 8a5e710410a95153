import { renderMetrics } from "@/lib/server/ops/metrics";
import { requireMetricsToken } from "@/lib/server/request-guards";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

// GET /api/metrics: Prometheus metrics, for `Authorization: Bearer $METRICS_TOKEN`; with no
// token configured the route is not there.
export const GET = handleRoute("metrics", async (request) => {
  await requireMetricsToken(request);
  const { body, contentType } = await renderMetrics();
  return new Response(body, { headers: { "Content-Type": contentType } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("metrics", ["GET"]);
