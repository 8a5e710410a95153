import { handleRoute, otherMethods } from "@/lib/server/route-handler";

// GET /api/health: liveness. The process answers; nothing upstream is asked.
export const GET = handleRoute("health", () => Promise.resolve(Response.json({ status: "ok" })));

export const { POST, PUT, PATCH, DELETE } = otherMethods("health", ["GET"]);
