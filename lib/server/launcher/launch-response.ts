import "server-only";
import { relayEventStream, SSE_HEADERS } from "@/lib/server/streams/relay-event-stream";
import { startLaunch } from "@/lib/server/launcher/launch-run";

/**
 * Starts the configured app as `user` and relays the run's events as SSE, with a signed link
 * when it pauses at a form (lib/launcher/launch-events.ts). The upstream request ends with the
 * browser's.
 */
export async function launchResponse(
  request: Request,
  user: string,
  body: unknown,
): Promise<Response> {
  const upstreamAbort = new AbortController();
  request.signal.addEventListener("abort", () => upstreamAbort.abort(), { once: true });
  const { upstream, transform } = await startLaunch(user, body, upstreamAbort.signal);
  return new Response(
    relayEventStream(upstream, () => upstreamAbort.abort(), { transform }),
    { status: 200, headers: SSE_HEADERS },
  );
}
