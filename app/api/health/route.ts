import { defineRoute, endpoint } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // Liveness: the process answers; nothing upstream is asked.
  endpoint({ method: "GET", path: "/api/health" }, () => Response.json({ status: "ok" })),
);
