import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { checkLink } from "@/lib/server/files/check-link";
import { getLaunchForm } from "@/lib/server/launcher/launch-run";
import { requireLauncherEnabled, requireSameOrigin } from "@/lib/server/request-guards";
import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { linkTarget, requireWithinRate } from "@/lib/server/require-within-rate";
import { defineRoute, endpoint } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // A link typed into a start form's file field, checked as the launch will be, and typed by what
  // its server holds (rated per visitor, address and link target: it may fetch).
  endpoint(LAUNCHER_API.link, async ({ request, readBody }) => {
    requireLauncherEnabled();
    requireSameOrigin(request);
    const body = await readBody();
    const user = await getOrCreateAnonymousUser(request);
    await requireWithinRate("link-check", request, { visitor: user }, [linkTarget(body.url)]);
    return checkLink((await getLaunchForm()).fields, body);
  }),
);
