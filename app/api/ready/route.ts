import { ApiError } from "@/lib/errors/api-error";
import { getReadiness } from "@/lib/server/ops/app-readiness";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

// GET /api/ready: readiness. 200 while the configuration is valid and the upstream has answered
// GET /parameters within 1 s in the last 10 s; else 503 in the error envelope with the reason
// (never a key, URL or other value of the configuration).
export const GET = handleRoute("ready", async () => {
  const readiness = await getReadiness();
  if (readiness.ready) return Response.json({ status: "ready" });
  throw new ApiError(503, readiness.code, readiness.message);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("ready", ["GET"]);
