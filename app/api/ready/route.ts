import { ApiError } from "@/lib/errors/api-error";
import { getReadiness } from "@/lib/server/ops/readiness";
import { defineRoute, endpoint } from "@/lib/server/route-handler";
import { sharedLimitsState } from "@/lib/server/shared-limits/shared-store";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // Readiness: 200 while the configuration is valid and the upstream has answered GET /parameters
  // within 1 s in the last 10 s; else 503 in the error envelope with the reason (never a key, URL
  // or other value of the configuration).
  endpoint({ method: "GET", path: "/api/ready" }, async () => {
    const readiness = await getReadiness();
    if (readiness.ready) {
      // With REDIS_URL the body also says where the shared limits count now; Redis away is still
      // ready (decision 048).
      const limits = sharedLimitsState();
      return Response.json(limits === "memory" ? { status: "ready" } : { status: "ready", limits });
    }
    throw new ApiError(503, readiness.code, readiness.message);
  }),
);
