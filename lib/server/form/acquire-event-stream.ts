import "server-only";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { acquireStreamSlot } from "@/lib/server/streams/acquire-stream-slot";
import type { StreamLease } from "@/lib/server/streams/open-streams";

/**
 * A slot for one event stream of a verified link, or the ApiError that refuses it: 503 while the
 * server shuts down, 429 past MAX_STREAMS_PER_LINK (per token and user), MAX_STREAMS_PER_ADDRESS
 * or MAX_OPEN_STREAMS. The stream ends when the link expires (its signed `exp`).
 */
export function acquireEventStream(claims: FormLinkClaims, address: string): Promise<StreamLease> {
  return acquireStreamSlot({
    address,
    link: `${claims.token}\n${claims.user}`,
    // The verifier accepts a link through the whole second `exp`; unsigned links (trusted
    // networks only) may have no expiry at all (0).
    expiresAtMs: claims.exp > 0 ? (claims.exp + 1) * 1000 : undefined,
  });
}
