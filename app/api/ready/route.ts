import { ApiError } from "@/lib/errors/api-error";
import { getReadiness } from "@/lib/server/ops/readiness";
import { defineRoute, endpoint } from "@/lib/server/route-handler";
import { sharedLimitsState } from "@/lib/server/shared-limits/shared-store";
import { storeState } from "@/lib/server/store/store-state";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // Readiness: 200 while the configuration is valid and the upstream answers; else 503 with why.
  endpoint({ method: "GET", path: "/api/ready" }, async () => {
    const readiness = await getReadiness();
    if (readiness.ready) {
      // With REDIS_URL, where shared limits count now; still ready with Redis away (decision 048).
      const limits = sharedLimitsState();
      // The store (DATABASE_URL): off, up or down; forms answer either way, so still ready.
      const store = await storeState();
      return Response.json({ status: "ready", ...(limits === "memory" ? {} : { limits }), store });
    }
    throw new ApiError(503, readiness.code, readiness.message);
  }),
);
