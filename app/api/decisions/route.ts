import { defineRoute } from "@/lib/server/route-handler";
import { requestsEndpoint } from "@/lib/server/requests/requests-route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // The decisions in the order they were stored, from `since` on, a page at a time (portal token).
  requestsEndpoint("decisions"),
);
