import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { getLaunchForm } from "@/lib/server/launcher/launch-run";
import { withLauncher } from "@/lib/server/launcher/with-launcher";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // The app's start form, mapped from its GET /parameters.
  withLauncher(LAUNCHER_API.parameters, async ({ request }) => {
    // The launcher's user is made on the first visit, so uploads and the run share it from the start.
    await getOrCreateAnonymousUser(request);
    return getLaunchForm();
  }),
);
