import "server-only";
import { EVENT_CURSOR } from "@/lib/dify/sse-events";
import { ApiError } from "@/lib/errors/api-error";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { chainEventTransforms, leasedEventStream } from "@/lib/server/streams/relay-event-stream";
import { clientAddress } from "@/lib/server/client-address";
import { runOutputsShown } from "@/lib/server/form/form-identity";
import { formTokenRedaction, runStreamAllowlist } from "@/lib/server/form/run-stream-allowlist";

/** The run of a verified link, relayed live, bounded per link (token and user) too. */
export async function runEventsResponse(
  request: Request,
  claims: FormLinkClaims,
): Promise<Response> {
  if (!claims.run) throw ApiError.of("not_found", "This link has no run to follow.");
  const holder = {
    address: clientAddress(request),
    link: `${claims.token}\n${claims.user}`,
    // The verifier accepts a link through the whole second `exp`; an unsigned link may have none.
    expiresAtMs: claims.exp > 0 ? (claims.exp + 1) * 1000 : undefined,
  };
  const cursor = request.headers.get("last-event-id")?.trim() ?? "";
  const events = (signal: AbortSignal, after?: string) =>
    getDifyClient().streamWorkflowEvents(claims.run, {
      user: claims.user,
      // A reconnect goes on right after the last event it saw, where the server gave ids; else
      // (and where a server refuses the cursor) a late or repeated connection still sees the
      // whole run. The stream stays open across pauses so the next form shows up on it.
      ...(after ? { cursor: after } : { includeStateSnapshot: true }),
      continueOnPause: true,
      signal,
    });
  const open = async (signal: AbortSignal) => ({
    upstream: EVENT_CURSOR.test(cursor)
      ? await events(signal, cursor).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 400) return events(signal);
          throw error;
        })
      : await events(signal),
    // Each event reduced to what the run view shows, then only this link's own token kept.
    transform: chainEventTransforms(
      runStreamAllowlist({ ownToken: claims.token, outputs: runOutputsShown(claims) }),
      formTokenRedaction(claims.token),
    ),
  });
  return leasedEventStream(request, holder, open, true);
}
