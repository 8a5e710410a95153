import { renderMetrics } from "@/lib/server/ops/metrics";
import { requireMetricsToken } from "@/lib/server/request-guards";
import { defineRoute, endpoint } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // Prometheus metrics, for `Bearer $METRICS_TOKEN`; without that token the route is not there.
  endpoint({ method: "GET", path: "/api/metrics" }, renderMetrics, { before: requireMetricsToken }),
);
