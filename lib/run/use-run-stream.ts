import { useMemo, useReducer } from "react";
import { ApiClientError } from "@/lib/client/api-client-error";
import { useEventStream } from "@/lib/client/use-event-stream";
import type { FormLinkContext } from "@/lib/form/form-api";
import { runEventsSource } from "@/lib/run/queries";
import { initialRunView, runViewReducer } from "@/lib/run/run-view";

// The SSE reader (with zod) loads as the stream opens, not with the page.
async function* readRunEvents(body: ReadableStream<Uint8Array>) {
  const { readStreamEvents } = await import("@/lib/dify/sse-events");
  yield* readStreamEvents(body);
}

export type RunStream = ReturnType<typeof useRunStream>;

/** Follows the link's run live, reconnecting; the reducer merges each connection's replay. */
export function useRunStream(link: FormLinkContext, enabled: boolean) {
  const [state, dispatch] = useReducer(runViewReducer, initialRunView);
  const source = useMemo(
    () => (enabled && link.run ? runEventsSource(link) : null),
    [enabled, link],
  );
  const { connection, failure } = useEventStream({
    source,
    read: readRunEvents,
    onOpen: () => dispatch({ event: "connected" }),
    onEvent: (event) => {
      dispatch(event);
      return event.event === "workflow_finished" || event.event === "error";
    },
  });
  // Only a refusal ends the view (anything else reconnects): it is always the app's own error.
  return { state, connection, failure: failure instanceof ApiClientError ? failure : null };
}
