import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { launchResponse } from "@/lib/server/launcher/launch-response";
import { readJsonBody } from "@/lib/server/read-json-body";
import { requireLauncherEnabled, requireSameOrigin } from "@/lib/server/request-guards";
import { requireWithinRate } from "@/lib/server/require-within-rate";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

// POST /api/launch: start the configured app as the browser's anonymous user and stream its events
// (rated per client address; the stream counts against the stream limits).
export const POST = handleRoute("launch", async (request) => {
  requireLauncherEnabled();
  requireSameOrigin(request);
  await requireWithinRate("launch", request);
  const body = await readJsonBody(request);
  const user = await getOrCreateAnonymousUser(request);
  return launchResponse(request, user, body);
});

export const { GET, HEAD, PUT, PATCH, DELETE } = otherMethods("launch", ["POST"]);
