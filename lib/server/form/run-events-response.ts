import "server-only";
import type { Readable } from "node:stream";
import { ApiError } from "@/lib/errors/api-error";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { runIdSchema } from "@/lib/ids/path-ids";
import type { FormLinkClaims } from "@/lib/form/form-link";
import {
  relayEventStream,
  SSE_HEADERS,
  type EventTransform,
} from "@/lib/server/streams/relay-event-stream";
import { acquireStreamSlot, type StreamHolder } from "@/lib/server/streams/acquire-stream-slot";
import { clientAddress } from "@/lib/server/client-address";
import { formTokenRedaction } from "@/lib/server/form/redact-form-tokens";
import { runOutputsShown } from "@/lib/server/form/run-outputs-shown";
import { runStreamAllowlist } from "@/lib/server/form/run-stream-allowlist";
import { chainEventTransforms } from "@/lib/server/streams/chain-event-transforms";

/**
 * The events of the upstream stream `open` starts, relayed as SSE in a slot of the stream limits
 * taken before the upstream hears of it. The upstream request ends with the browser's;
 * `endWithLease`: also when the server ends the lease (shutdown, link expiry).
 */
export async function leasedEventStream(
  request: Request,
  holder: StreamHolder,
  open: (signal: AbortSignal) => Promise<{ upstream: Readable; transform: EventTransform }>,
  endWithLease = false,
): Promise<Response> {
  const lease = await acquireStreamSlot(holder);
  const upstreamAbort = new AbortController();
  request.signal.addEventListener("abort", () => upstreamAbort.abort(), { once: true });
  let opened;
  try {
    opened = await open(upstreamAbort.signal);
  } catch (error) {
    lease.release();
    throw error;
  }
  return new Response(
    relayEventStream(opened.upstream, () => upstreamAbort.abort(), {
      transform: opened.transform,
      end: endWithLease ? lease.signal : undefined,
      onEnd: () => lease.release(),
    }),
    { status: 200, headers: SSE_HEADERS },
  );
}

/** The run of a verified link, relayed live, bounded per link (token and user) too. */
export async function runEventsResponse(
  request: Request,
  claims: FormLinkClaims,
): Promise<Response> {
  if (!claims.run) throw ApiError.of("not_found", "This link has no run to follow.");
  const runId = runIdSchema.parse(claims.run);
  const holder = {
    address: clientAddress(request),
    link: `${claims.token}\n${claims.user}`,
    // The verifier accepts a link through the whole second `exp`; an unsigned link may have none.
    expiresAtMs: claims.exp > 0 ? (claims.exp + 1) * 1000 : undefined,
  };
  const open = async (signal: AbortSignal) => ({
    upstream: await getDifyClient().streamWorkflowEvents(runId, {
      user: claims.user,
      // A late or repeated connection still sees the whole run; the stream stays open across
      // pauses so the next form shows up on the same connection.
      includeStateSnapshot: true,
      continueOnPause: true,
      signal,
    }),
    // Each event reduced to what the run view shows, then only this link's own token kept.
    transform: chainEventTransforms(
      runStreamAllowlist({ ownToken: claims.token, outputs: runOutputsShown(claims) }),
      formTokenRedaction(claims.token),
    ),
  });
  return leasedEventStream(request, holder, open, true);
}
