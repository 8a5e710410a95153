import "server-only";
import type { EventTransform } from "@/lib/server/streams/relay-event-stream";

/** Two relay transforms as one: `second` sees what `first` sends. */
export function chainEventTransforms(
  first: EventTransform,
  second: EventTransform,
): EventTransform {
  return {
    apply: (event) => first.apply(event).flatMap((out) => second.apply(out)),
    finish: (how) => [
      ...(first.finish?.(how) ?? []).flatMap((out) => second.apply(out)),
      ...(second.finish?.(how) ?? []),
    ],
  };
}
