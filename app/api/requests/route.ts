import { defineRoute } from "@/lib/server/route-handler";
import { requestsEndpoint } from "@/lib/server/requests/requests-route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // The requests, newest first, by recipient and status, a page at a time (portal token).
  requestsEndpoint("list"),
  // Registers a form for its recipients and answers their links: 201 new, 200 known (portal token).
  requestsEndpoint("register"),
);
