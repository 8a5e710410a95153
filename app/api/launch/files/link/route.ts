import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { checkLink } from "@/lib/server/files/check-link";
import { getLaunchForm } from "@/lib/server/launcher/launch-run";
import { readJsonBody } from "@/lib/server/read-json-body";
import { requireLauncherEnabled, requireSameOrigin } from "@/lib/server/request-guards";
import { requireWithinRate } from "@/lib/server/require-within-rate";
import { handleRoute, jsonAnswer, otherMethods } from "@/lib/server/route-handler";

// POST /api/launch/files/link: a link typed into a start form's file field, checked as the launch
// will be, and typed by what its server holds (rated with the uploads: it may fetch).
export const POST = handleRoute("launch.link", async (request) => {
  requireLauncherEnabled();
  requireSameOrigin(request);
  await requireWithinRate("upload", request);
  const body = LAUNCHER_API.link.request.parse(await readJsonBody(request));
  const form = await getLaunchForm();
  return jsonAnswer(LAUNCHER_API.link.answer, await checkLink(form.fields, body));
});

export const { GET, HEAD, PUT, PATCH, DELETE } = otherMethods("launch.link", ["POST"]);
