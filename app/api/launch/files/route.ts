import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { requireLauncherEnabled, requireSameOrigin } from "@/lib/server/request-guards";
import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { handleRoute, jsonAnswer, otherMethods } from "@/lib/server/route-handler";
import { uploadAsUser } from "@/lib/server/files/proxy-upload";
import { withUploadSlot } from "@/lib/server/files/with-upload-slot";
import { requireWithinRate } from "@/lib/server/require-within-rate";

// POST /api/launch/files: stream one file of the start form to the upstream as the launcher's user
// (rated per client address, a few at once per visitor).
export const POST = handleRoute("launch.upload", async (request) => {
  requireLauncherEnabled();
  requireSameOrigin(request);
  await requireWithinRate("upload", request);
  const user = await getOrCreateAnonymousUser(request);
  const uploaded = await withUploadSlot(`visitor\n${user}`, () => uploadAsUser(request, user));
  return jsonAnswer(LAUNCHER_API.upload.answer, uploaded, { status: 201 });
});

export const { GET, HEAD, PUT, PATCH, DELETE } = otherMethods("launch.upload", ["POST"]);
