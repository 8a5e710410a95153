import { useMemo, useReducer } from "react";
import { ApiClientError } from "@/lib/client/api-fetch";
import { useEventStream } from "@/lib/client/use-event-stream";
import type { FormLinkContext } from "@/lib/form/form-api";
import { runEventsSource } from "@/lib/run/queries";
import { initialRunView, runViewReducer } from "@/lib/run/run-view";
import { readStreamEvents } from "@/lib/dify/sse-events";

export type { Connection } from "@/lib/client/use-event-stream";

/**
 * Follows the link's run live. A dropped connection reconnects by itself with backoff; each
 * connection asks for a state snapshot (or, on `streams` servers, gets the whole log again), and
 * the reducer merges the replay without duplicates.
 */
export type RunStream = ReturnType<typeof useRunStream>;

export function useRunStream(link: FormLinkContext, enabled: boolean) {
  const [state, dispatch] = useReducer(runViewReducer, initialRunView);
  const source = useMemo(
    () => (enabled && link.run ? runEventsSource(link) : null),
    [enabled, link],
  );
  const { connection, failure } = useEventStream({
    source,
    read: readStreamEvents,
    // What this connection replays of the text already shown is checked, not appended.
    onOpen: () => dispatch({ event: "connected" }),
    onEvent: (event) => {
      dispatch(event);
      return event.event === "workflow_finished" || event.event === "error";
    },
  });
  // Only a refusal ends the view (anything else reconnects): it is always the app's own error.
  return { state, connection, failure: failure instanceof ApiClientError ? failure : null };
}
