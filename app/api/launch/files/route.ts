import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { requireLauncherEnabled, requireSameOrigin } from "@/lib/server/request-guards";
import { defineRoute, endpoint } from "@/lib/server/route-handler";
import { uploadAsUser } from "@/lib/server/files/proxy-upload";
import { withUploadSlot } from "@/lib/server/files/with-upload-slot";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // One file of the start form streamed to the upstream as the launcher's user (rated per visitor
  // and client address, a few at once per visitor).
  endpoint(LAUNCHER_API.upload, async ({ request }) => {
    requireLauncherEnabled();
    requireSameOrigin(request);
    const user = await getOrCreateAnonymousUser(request);
    return withUploadSlot({ visitor: user }, request, () => uploadAsUser(request, user));
  }),
);
