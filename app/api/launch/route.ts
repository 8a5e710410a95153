import { getOrCreateAnonymousUser } from "@/lib/server/launcher/anonymous-user";
import { relayEventStream, SSE_HEADERS } from "@/lib/server/event-relay";
import { readJsonBody } from "@/lib/server/http";
import { startLaunch } from "@/lib/server/launcher/launch-run";
import { requireLauncherEnabled, requireSameOrigin } from "@/lib/server/request-guards";
import { handleRoute } from "@/lib/server/route-handler";

// POST /api/launch: start the configured app as the browser's anonymous user and stream the run's
// events, with a signed link when it pauses at a form (lib/launcher/launch-events.ts).
export const POST = handleRoute("launch", async (request) => {
  requireLauncherEnabled();
  requireSameOrigin(request);
  const body = await readJsonBody(request);
  const user = await getOrCreateAnonymousUser(request);
  const upstreamAbort = new AbortController();
  request.signal.addEventListener("abort", () => upstreamAbort.abort(), { once: true });
  const events = await startLaunch(user, body, upstreamAbort.signal);
  return new Response(
    relayEventStream(events, () => upstreamAbort.abort()),
    { status: 200, headers: SSE_HEADERS },
  );
});
