import { useMemo, useReducer } from "react";
import { ApiClientError } from "@/lib/client/api-client-error";
import { openEventStream, useEventStream } from "@/lib/client/use-event-stream";
import { runEventsTarget, type FormLinkContext } from "@/lib/form/form-api";
import { initialRunView, runViewReducer } from "@/lib/run/run-view";

export type { Connection } from "@/lib/client/use-event-stream";

/**
 * The run's events, read by the shared SSE reader, which parses each with its zod schema: loaded as
 * the stream opens, after the page is in the browser (zod is not in the page's first load).
 */
async function* readRunEvents(body: ReadableStream<Uint8Array>) {
  const { readStreamEvents } = await import("@/lib/dify/sse-events");
  yield* readStreamEvents(body);
}

/**
 * Follows the link's run live. A dropped connection reconnects by itself with backoff; each
 * connection asks for a state snapshot (or, on `streams` servers, gets the whole log again), and
 * the reducer merges the replay without duplicates.
 */
export type RunStream = ReturnType<typeof useRunStream>;

export function useRunStream(link: FormLinkContext, enabled: boolean) {
  const [state, dispatch] = useReducer(runViewReducer, initialRunView);
  // Every (re)connection asks afresh, with the link's credentials.
  const source = useMemo(
    () =>
      enabled && link.run
        ? {
            open: async (signal: AbortSignal) =>
              openEventStream(await runEventsTarget(link), signal),
            reconnect: true,
          }
        : null,
    [enabled, link],
  );
  const { connection, failure } = useEventStream({
    source,
    read: readRunEvents,
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
