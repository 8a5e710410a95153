import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { requireLauncherEnabled, requireSameOrigin } from "@/lib/server/request-guards";
import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { handleRoute, jsonAnswer, otherMethods } from "@/lib/server/route-handler";
import { uploadAsUser } from "@/lib/server/files/proxy-upload";

// POST /api/launch/files: stream one file of the start form to the upstream as the launcher's user.
export const POST = handleRoute("launch.upload", async (request) => {
  requireLauncherEnabled();
  requireSameOrigin(request);
  const user = await getOrCreateAnonymousUser(request);
  return jsonAnswer(LAUNCHER_API.upload.answer, await uploadAsUser(request, user), {
    status: 201,
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE } = otherMethods("launch.upload", ["POST"]);
