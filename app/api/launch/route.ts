import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { launchResponse } from "@/lib/server/launcher/launch-run";
import { withLauncher } from "@/lib/server/launcher/with-launcher";
import { requireWithinRate } from "@/lib/server/require-within-rate";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // Starts the configured app as the browser's anonymous user and streams its events (rated per
  // visitor and client address; the stream counts against the stream limits).
  withLauncher(
    LAUNCHER_API.launch,
    async ({ request, readBody }) => {
      // A body refused as malformed costs no one's rate.
      const body = await readBody();
      const user = await getOrCreateAnonymousUser(request);
      await requireWithinRate("launch", request, { visitor: user });
      return launchResponse(request, user, body);
    },
    { sameOrigin: true },
  ),
);
