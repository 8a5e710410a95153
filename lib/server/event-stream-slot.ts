import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { getEnv } from "@/lib/server/env";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { isDraining } from "@/lib/server/graceful-shutdown";
import { acquireStream, type StreamLease } from "@/lib/server/open-streams";

// How soon a refused browser may try again. Its own backoff is shorter, so it mostly waits
// for its other streams to close (a tab closed, a run finished).
const RETRY_AFTER_SECONDS = 5;

/**
 * A slot for one event stream of a verified link, or the ApiError that refuses it: 503 while the
 * server shuts down, 429 past MAX_STREAMS_PER_LINK (per token and user) or MAX_OPEN_STREAMS.
 * The stream ends when the link expires (its signed `exp`).
 */
export function acquireEventStream(claims: FormLinkClaims): StreamLease {
  if (isDraining()) {
    throw ApiError.of("shutting_down", "This server is restarting. Try again.").retryAfter(1);
  }
  const env = getEnv();
  const lease = acquireStream({
    key: `${claims.token}\n${claims.user}`,
    perLink: env.maxStreamsPerLink,
    perProcess: env.maxOpenStreams,
    // The verifier accepts a link through the whole second `exp`; unsigned links (trusted
    // networks only) may have no expiry at all (0).
    expiresAtMs: claims.exp > 0 ? (claims.exp + 1) * 1000 : undefined,
  });
  if ("refused" in lease) {
    throw lease.refused === "per_link"
      ? ApiError.of(
          "too_many_streams",
          "This link already has as many live views open as it may. Close one and try again.",
        ).retryAfter(RETRY_AFTER_SECONDS)
      : ApiError.of("server_busy", "The server is busy. Try again shortly.").retryAfter(
          RETRY_AFTER_SECONDS,
        );
  }
  return lease;
}
