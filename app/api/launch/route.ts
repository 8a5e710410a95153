import { getOrCreateAnonymousUser } from "@/lib/anonymous-user";
import { relayEventStream, SSE_HEADERS } from "@/lib/event-relay";
import { readJsonBody } from "@/lib/http";
import { startLaunch } from "@/lib/launch-run";
import { requireLauncherEnabled, requireSameOrigin } from "@/lib/request-guards";
import { handleRoute } from "@/lib/route-handler";

// POST /api/launch: start the configured app as the browser's anonymous user and stream the run's
// events, with a signed link when it pauses at a form (lib/launch-events.ts).
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
