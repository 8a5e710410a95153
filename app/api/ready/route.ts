import { ApiError } from "@/lib/errors/api-error";
import { getReadiness } from "@/lib/server/ops/app-readiness";
import { sharedLimitsState } from "@/lib/server/shared-limits/shared-store";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

// GET /api/ready: readiness. 200 while the configuration is valid and the upstream has answered
// GET /parameters within 1 s in the last 10 s; else 503 in the error envelope with the reason
// (never a key, URL or other value of the configuration). With REDIS_URL the body also says where
// the shared limits count now; Redis away is still ready (decision 048).
export const GET = handleRoute("ready", async () => {
  const readiness = await getReadiness();
  if (readiness.ready) {
    const limits = sharedLimitsState();
    return Response.json(limits === "memory" ? { status: "ready" } : { status: "ready", limits });
  }
  throw new ApiError(503, readiness.code, readiness.message);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("ready", ["GET"]);
