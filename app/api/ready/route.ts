import { getReadiness } from "@/lib/server/app-readiness";
import { handleRoute } from "@/lib/server/route-handler";

// GET /api/ready: readiness. 200 while the upstream has answered GET /parameters within 1 s in
// the last 10 s; else 503 with the reason (never a key, URL or other configuration).
export const GET = handleRoute("ready", async () => {
  const readiness = await getReadiness();
  if (readiness.ready) return Response.json({ status: "ready" });
  return Response.json(
    { status: 503, code: readiness.code, message: readiness.message },
    { status: 503 },
  );
});
