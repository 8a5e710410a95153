import "server-only";
import type { EventTransform } from "@/lib/server/streams/relay-event-stream";

// NOTE: a link opens its own form only: in every event the relay passes, each `form_token` other
// than the link's own becomes null, wherever it sits. An event nested deeper than
// MAX_REDACT_DEPTH is dropped, not passed.

export const MAX_REDACT_DEPTH = 32;

const TOO_DEEP = Symbol("too deep");

/** Replaces foreign tokens in place; TOO_DEEP when the value nests deeper than it walks. */
function redact(value: unknown, ownToken: string, depth = 0): typeof TOO_DEEP | undefined {
  if (value === null || typeof value !== "object") return undefined;
  if (depth > MAX_REDACT_DEPTH) return TOO_DEEP;
  const items = Array.isArray(value) ? value : Object.values(value);
  if (!Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if ("form_token" in record && record.form_token !== null && record.form_token !== ownToken) {
      record.form_token = null;
    }
  }
  for (const item of items) {
    if (redact(item, ownToken, depth + 1) === TOO_DEEP) return TOO_DEEP;
  }
  return undefined;
}

/** The relay's transform for a link whose own form token is `ownToken`. */
export function formTokenRedaction(ownToken: string): EventTransform {
  return {
    apply: (event) => (redact(event, ownToken) === TOO_DEEP ? [] : [event]),
  };
}
