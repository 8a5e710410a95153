import { ApiError } from "@/lib/errors/api-error";
import { getReadiness } from "@/lib/server/ops/app-readiness";
import { defineRoute, endpoint } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // Readiness: 200 while the configuration is valid and the upstream has answered GET /parameters
  // within 1 s in the last 10 s; else 503 in the error envelope with the reason (never a key, URL
  // or other value of the configuration).
  endpoint({ method: "GET", path: "/api/ready" }, async () => {
    const readiness = await getReadiness();
    if (readiness.ready) return Response.json({ status: "ready" });
    throw new ApiError(503, readiness.code, readiness.message);
  }),
);
