import { ApiError } from "@/lib/errors/api-error";
import { streamWorkflowEvents } from "@/lib/dify/dify-client";
import { relayEventStream, SSE_HEADERS } from "@/lib/server/event-relay";
import { requireFormIdentity } from "@/lib/server/form/form-identity";
import { acquireEventStream } from "@/lib/server/event-stream-slot";
import { handleRoute } from "@/lib/server/route-handler";
import { formRouteParamsSchema, runIdSchema } from "@/lib/dify/route-params";

type Context = { params: Promise<{ token: string }> };

// GET /api/forms/{token}/events: the run of the verified link, relayed live from the upstream.
export const GET = handleRoute("forms.events", async (request, { params }: Context) => {
  const { token } = formRouteParamsSchema.parse(await params);
  const claims = requireFormIdentity(request, token);
  if (!claims.run) throw ApiError.of("not_found", "This link has no run to follow.");
  const runId = runIdSchema.parse(claims.run);
  // Bounded per link and per process; ended on shutdown and when the link expires.
  const lease = acquireEventStream(claims);
  const upstreamAbort = new AbortController();
  request.signal.addEventListener("abort", () => upstreamAbort.abort(), { once: true });
  let upstream: ReadableStream<Uint8Array>;
  try {
    upstream = await streamWorkflowEvents(runId, {
      user: claims.user,
      // A late or repeated connection still sees the whole run; the stream stays open across
      // pauses so the next form shows up on the same connection.
      includeStateSnapshot: true,
      continueOnPause: true,
      signal: upstreamAbort.signal,
    });
  } catch (error) {
    lease.release();
    throw error;
  }
  return new Response(
    // Only this link's own token reaches the browser, whatever its scope.
    relayEventStream(upstream, () => upstreamAbort.abort(), {
      ownToken: claims.token,
      end: lease.signal,
      onEnd: () => lease.release(),
    }),
    {
      status: 200,
      headers: SSE_HEADERS,
    },
  );
});
