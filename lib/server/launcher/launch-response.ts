import "server-only";
import { clientAddress } from "@/lib/server/client-address";
import { acquireStreamSlot } from "@/lib/server/streams/acquire-stream-slot";
import { relayEventStream, SSE_HEADERS } from "@/lib/server/streams/relay-event-stream";
import { startLaunch } from "@/lib/server/launcher/launch-run";

/**
 * Starts the configured app as `user` and relays the run's events as SSE, with a signed link
 * when it pauses at a form (lib/launcher/launch-events.ts). The stream takes a slot of the stream
 * limits (per visitor, per address, the launcher pool's and the process's) before the upstream
 * hears of it. The upstream request ends with the browser's. A shutdown does not end it early, as
 * it does a form's stream: a launch cannot be resumed elsewhere, so it gets the grace period.
 */
export async function launchResponse(
  request: Request,
  user: string,
  body: unknown,
): Promise<Response> {
  const lease = await acquireStreamSlot({
    address: clientAddress(request),
    visitor: user,
    launch: true,
  });
  const upstreamAbort = new AbortController();
  request.signal.addEventListener("abort", () => upstreamAbort.abort(), { once: true });
  let launch;
  try {
    launch = await startLaunch(user, body, upstreamAbort.signal);
  } catch (error) {
    lease.release();
    throw error;
  }
  return new Response(
    relayEventStream(launch.upstream, () => upstreamAbort.abort(), {
      transform: launch.transform,
      onEnd: () => lease.release(),
    }),
    { status: 200, headers: SSE_HEADERS },
  );
}
