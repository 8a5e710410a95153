import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { checkLink } from "@/lib/server/files/check-link";
import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { getLaunchForm } from "@/lib/server/launcher/launch-run";
import { withLauncher } from "@/lib/server/launcher/with-launcher";
import { linkTarget, requireWithinRate } from "@/lib/server/require-within-rate";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // A link typed into a start form's file field, checked as the launch will be, and typed by what
  // its server holds (rated per visitor, address and link target: it may fetch).
  withLauncher(
    LAUNCHER_API.link,
    async ({ request, readBody }) => {
      const body = await readBody();
      const user = await getOrCreateAnonymousUser(request);
      await requireWithinRate("link-check", request, { visitor: user }, [linkTarget(body.url)]);
      return checkLink((await getLaunchForm()).fields, body);
    },
    { sameOrigin: true },
  ),
);
