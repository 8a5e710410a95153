import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { launchResponse } from "@/lib/server/launcher/launch-run";
import { requireLauncherEnabled, requireSameOrigin } from "@/lib/server/request-guards";
import { requireWithinRate } from "@/lib/server/require-within-rate";
import { defineRoute, endpoint } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // Starts the configured app as the browser's anonymous user and streams its events (rated per
  // visitor and client address; the stream counts against the stream limits).
  endpoint(LAUNCHER_API.launch, async ({ request, readBody }) => {
    requireLauncherEnabled();
    requireSameOrigin(request);
    // A body refused as malformed costs no one's rate.
    const body = await readBody();
    const user = await getOrCreateAnonymousUser(request);
    await requireWithinRate("launch", request, { visitor: user });
    return launchResponse(request, user, body);
  }),
);
