import "server-only";
import { DIRECT_CLIENTS } from "@/lib/server/client-address";
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/errors/api-error";
import { isDraining } from "@/lib/server/ops/graceful-shutdown";
import { takeSharedSlots } from "@/lib/server/shared-limits/shared-slots";
import {
  acquireStream,
  type StreamBound,
  type StreamLease,
  type StreamRefusal,
} from "@/lib/server/streams/open-streams";

/** Whom a stream is counted for: every stream by its client address, then by what it serves. */
export type StreamHolder = {
  address: string;
  /** A form link's event stream: its token and user. */
  link?: string;
  /** A launch stream or a next-link read: the launcher's visitor or the link's user. */
  visitor?: string;
  /** A launch stream: it also takes one of the launcher's upstream connections. */
  launch?: boolean;
  expiresAtMs?: number;
};

const MESSAGES = {
  per_link: "This link already has as many live views open as it may. Close one and try again.",
  per_visitor:
    "You already have as many runs and live views open as you may. Close one and try again.",
  per_address: "Too many live views are open from your network address. Close one and try again.",
} as const;

/** A slot for one stream, or the ApiError that refuses it before any upstream call. */
export async function acquireStreamSlot(holder: StreamHolder): Promise<StreamLease> {
  if (isDraining()) {
    throw ApiError.of("shutting_down", "This server is restarting. Try again.").retryAfter(1);
  }
  const limits = getEnv().limits;
  const bounds: StreamBound[] = [];
  const count = (
    kind: string,
    id: string | undefined,
    max: number,
    refused: StreamBound["refused"],
  ) => {
    if (id !== undefined) bounds.push({ key: `${kind}\n${id}`, max, refused });
  };
  count("link", holder.link, limits.MAX_STREAMS_PER_LINK, "per_link");
  count("visitor", holder.visitor, limits.MAX_STREAMS_PER_VISITOR, "per_visitor");
  // Without a trusted proxy every client shares a single address: a link's or visitor's streams count
  // as its own, and the process's bound is everyone's pool, so no one can fill it for the rest.
  const known = holder.link !== undefined || holder.visitor !== undefined;
  if (!known || holder.address !== DIRECT_CLIENTS)
    count("address", holder.address, limits.MAX_STREAMS_PER_ADDRESS, "per_address");
  // A launch never waits for one of the launcher pool's connections: past them it is refused.
  if (holder.launch) {
    bounds.push({ key: "launch", max: limits.DIFY_LAUNCH_CONNECTIONS, refused: "per_launch" });
  }
  const refuse = (refused: StreamRefusal["refused"]) => {
    const error =
      refused === "per_process" || refused === "per_launch"
        ? ApiError.of("server_busy", "The server is busy. Try again shortly.")
        : ApiError.of("too_many_streams", MESSAGES[refused]);
    return error.retryAfter(limits.streamRetryAfterSeconds);
  };
  const lease = acquireStream({
    bounds,
    perProcess: limits.MAX_OPEN_STREAMS,
    expiresAtMs: holder.expiresAtMs,
  });
  if ("refused" in lease) throw refuse(lease.refused);
  const sharedBounds = bounds.filter((bound) => bound.refused !== "per_launch");
  const shared = await takeSharedSlots(sharedBounds);
  if ("refused" in shared) {
    lease.release();
    throw refuse(sharedBounds[shared.refused]!.refused);
  }
  return {
    signal: lease.signal,
    release() {
      lease.release();
      shared.release();
    },
  };
}
