import { useMemo, useReducer } from "react";
import { ApiClientError } from "@/lib/client/api-client-error";
import { useAfterIdle } from "@/lib/client/use-after-idle";
import { useEventStream } from "@/lib/client/use-event-stream";
import type { FormLinkContext } from "@/lib/form/form-api";
import type { runViewReducer } from "@/lib/run/run-view";
import { initialRunView, type RunViewState } from "@/lib/run/run-view-state";
import { runEventsSource } from "@/lib/run/queries";

// The SSE reader (with zod) and the run's reducer load as the stream opens, not with the page.
// Each event's id (where the server gave ids) is noted as read: the cursor a reconnection goes on
// from.
async function* readRunEvents(body: ReadableStream<Uint8Array>, noteId: (id: string) => void) {
  const { readStreamEvents } = await import("@/lib/dify/sse-events");
  yield* readStreamEvents(body, noteId);
}

let reducer: typeof runViewReducer | null = null;
const loadReducer = async () => {
  reducer ??= (await import("@/lib/run/run-view")).runViewReducer;
};
// Every action comes from the stream, which opens only once the reducer is here.
function reduceRun(state: RunViewState, action: Parameters<typeof runViewReducer>[1]) {
  if (!reducer) throw new Error("a run event before the run's reducer loaded");
  return reducer(state, action);
}

export type RunStream = ReturnType<typeof useRunStream>;

/** Follows the link's run live, reconnecting; the reducer merges each connection's replay. */
export function useRunStream(link: FormLinkContext, enabled: boolean) {
  const [state, dispatch] = useReducer(reduceRun, initialRunView);
  // Opened once the browser is idle after hydration: the stream's first answer is the run's state
  // so far (a snapshot or its log), so nothing is missed by opening it a moment later.
  const idle = useAfterIdle();
  // Per source: where this page's reading of the run has got to.
  const followed = useMemo(() => {
    if (!enabled || !idle || !link.run) return null;
    const cursor = { id: null as string | null };
    const events = runEventsSource(link, () => cursor.id);
    const open = async (signal: AbortSignal) => {
      await loadReducer();
      return events.open(signal);
    };
    return { cursor, source: { ...events, open } };
  }, [enabled, idle, link]);
  const { connection, failure } = useEventStream({
    source: followed?.source ?? null,
    read: (body) =>
      readRunEvents(body, (id) => {
        if (followed) followed.cursor.id = id;
      }),
    onOpen: () => dispatch({ event: "connected" }),
    onEvent: (event) => {
      dispatch(event);
      return event.event === "workflow_finished" || event.event === "error";
    },
  });
  // Only a refusal ends the view (anything else reconnects): it is always the app's own error.
  return { state, connection, failure: failure instanceof ApiClientError ? failure : null };
}
