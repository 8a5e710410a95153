import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { getLimits } from "@/lib/server/limits";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { isDraining } from "@/lib/server/ops/graceful-shutdown";
import { acquireStream, type StreamLease } from "@/lib/server/streams/open-streams";

/**
 * A slot for one event stream of a verified link, or the ApiError that refuses it: 503 while the
 * server shuts down, 429 past MAX_STREAMS_PER_LINK (per token and user) or MAX_OPEN_STREAMS.
 * The stream ends when the link expires (its signed `exp`).
 */
export function acquireEventStream(claims: FormLinkClaims): StreamLease {
  if (isDraining()) {
    throw ApiError.of("shutting_down", "This server is restarting. Try again.").retryAfter(1);
  }
  const limits = getLimits();
  const lease = acquireStream({
    key: `${claims.token}\n${claims.user}`,
    perLink: limits.streamsPerLink,
    perProcess: limits.openStreams,
    // The verifier accepts a link through the whole second `exp`; unsigned links (trusted
    // networks only) may have no expiry at all (0).
    expiresAtMs: claims.exp > 0 ? (claims.exp + 1) * 1000 : undefined,
  });
  if ("refused" in lease) {
    throw lease.refused === "per_link"
      ? ApiError.of(
          "too_many_streams",
          "This link already has as many live views open as it may. Close one and try again.",
        ).retryAfter(limits.streamRetryAfterSeconds)
      : ApiError.of("server_busy", "The server is busy. Try again shortly.").retryAfter(
          limits.streamRetryAfterSeconds,
        );
  }
  return lease;
}
