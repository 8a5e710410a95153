import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { withLauncher } from "@/lib/server/launcher/with-launcher";
import { defineRoute } from "@/lib/server/route-handler";
import { uploadAsUser } from "@/lib/server/files/proxy-upload";
import { withUploadSlot } from "@/lib/server/files/with-upload-slot";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // One file of the start form streamed to the upstream as the launcher's user (rated per visitor
  // and client address, a few at once per visitor).
  withLauncher(
    LAUNCHER_API.upload,
    async ({ request }) => {
      const user = await getOrCreateAnonymousUser(request);
      return withUploadSlot({ visitor: user }, request, () => uploadAsUser(request, user));
    },
    { sameOrigin: true },
  ),
);
