import { renderMetrics } from "@/lib/server/ops/metrics";
import { requireMetricsToken } from "@/lib/server/request-guards";
import { defineRoute, endpoint } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // Prometheus metrics, for `Authorization: Bearer $METRICS_TOKEN`; with no token configured the
  // route is not there.
  endpoint({ method: "GET", path: "/api/metrics" }, renderMetrics, { before: requireMetricsToken }),
);
