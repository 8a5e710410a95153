import { queryOptions } from "@tanstack/react-query";
import { callRoute } from "@/lib/client/call-route";
import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";

/** The configured app's start form. */
export const launchFormQuery = queryOptions({
  queryKey: ["launcher", "form"],
  queryFn: ({ signal }) => callRoute(LAUNCHER_API.parameters, { signal }),
});
