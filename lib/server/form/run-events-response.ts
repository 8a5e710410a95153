import "server-only";
import { EVENT_CURSOR } from "@/lib/dify/sse-events";
import { ApiError } from "@/lib/errors/api-error";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { chainEventTransforms, leasedEventStream } from "@/lib/server/streams/relay-event-stream";
import { clientAddress } from "@/lib/server/client-address";
import { runOutputsShown } from "@/lib/server/form/form-identity";
import { formTokenRedaction, runStreamAllowlist } from "@/lib/server/form/run-stream-allowlist";
import { getEnv } from "@/lib/server/env";
import { seedFromLog } from "@/lib/server/streams/seed-from-log";

/** How long a reconnect may spend reading the run's log up to its cursor. */
const SEED_TIMEOUT_MS = 5_000;

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
  const open = async (signal: AbortSignal) => {
    // Each event reduced to what the run view shows, then only this link's own token kept.
    const allowlist = runStreamAllowlist({
      ownToken: claims.token,
      outputs: runOutputsShown(claims),
    });
    const transform = chainEventTransforms(allowlist, formTokenRedaction(claims.token));
    if (!EVENT_CURSOR.test(cursor)) return { upstream: await events(signal), transform };
    let upstream;
    try {
      upstream = await events(signal, cursor);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        return { upstream: await events(signal), transform };
      }
      throw error;
    }
    // The allowlist learns from what went before the cursor (whose form is the link's own, which
    // nodes streamed), so it reads the log up to there first, sending none of it.
    const seedSignal = AbortSignal.any([signal, AbortSignal.timeout(SEED_TIMEOUT_MS)]);
    const log = await events(seedSignal).catch(() => undefined);
    if (log) {
      await seedFromLog(log, cursor, allowlist, {
        signal: seedSignal,
        maxEventChars: getEnv().limits.relayMaxEventChars,
      });
    }
    return { upstream, transform };
  };
  return leasedEventStream(request, holder, open, true);
}
