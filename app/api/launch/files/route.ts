import { getOrCreateAnonymousUser } from "@/lib/anonymous-user";
import { withAppKey } from "@/lib/launch-run";
import { requireLauncherEnabled, requireSameOrigin } from "@/lib/request-guards";
import { handleRoute } from "@/lib/route-handler";
import { uploadAsUser } from "@/lib/upload-proxy";

// POST /api/launch/files: stream one file of the start form to the upstream as the launcher's user.
export const POST = handleRoute("launch.upload", async (request) => {
  requireLauncherEnabled();
  requireSameOrigin(request);
  const user = await getOrCreateAnonymousUser(request);
  return withAppKey(uploadAsUser(request, user));
});
