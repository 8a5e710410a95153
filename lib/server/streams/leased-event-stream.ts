import "server-only";
import type { Readable } from "node:stream";
import {
  relayEventStream,
  SSE_HEADERS,
  type EventTransform,
} from "@/lib/server/streams/relay-event-stream";
import { acquireStreamSlot, type StreamHolder } from "@/lib/server/streams/acquire-stream-slot";

/**
 * The upstream stream `open` starts, relayed in a stream slot taken first. It ends with the
 * browser's request, and with `endWithLease` also when the server ends the lease.
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
