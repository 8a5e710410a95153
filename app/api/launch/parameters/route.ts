import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { getLaunchForm } from "@/lib/server/launcher/launch-run";
import { requireLauncherEnabled } from "@/lib/server/request-guards";
import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { handleRoute, jsonAnswer, otherMethods } from "@/lib/server/route-handler";

// GET /api/launch/parameters: the app's start form, mapped from its GET /parameters.
export const GET = handleRoute("launch.parameters", async (request) => {
  requireLauncherEnabled();
  // The launcher's user is made on the first visit, so uploads and the run share it from the start.
  await getOrCreateAnonymousUser(request);
  return jsonAnswer(LAUNCHER_API.parameters.answer, await getLaunchForm());
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("launch.parameters", ["GET"]);
