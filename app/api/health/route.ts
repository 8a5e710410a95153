import { handleRoute } from "@/lib/server/route-handler";

// GET /api/health: liveness. The process answers; nothing upstream is asked.
export const GET = handleRoute("health", () => Promise.resolve(Response.json({ status: "ok" })));
