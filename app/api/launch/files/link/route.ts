import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";
import { checkLink } from "@/lib/server/files/check-link";
import { getLaunchForm } from "@/lib/server/launcher/launch-run";
import { withLauncher } from "@/lib/server/launcher/with-launcher";
import { requireWithinRate } from "@/lib/server/require-within-rate";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // A link typed into a start form's file field, checked as the launch will be, and typed by what
  // its server holds (rated with the uploads: it may fetch).
  withLauncher(
    LAUNCHER_API.link,
    async ({ request, readBody }) => {
      await requireWithinRate("upload", request);
      const body = await readBody();
      return checkLink((await getLaunchForm()).fields, body);
    },
    { sameOrigin: true },
  ),
);
