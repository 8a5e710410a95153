import { useMutation } from "@tanstack/react-query";
import { openEventStream, type EventStreamSource } from "@/lib/client/use-event-stream";
import { fetchNextLink, runEventsTarget, type FormLinkContext } from "@/lib/form/form-api";

/**
 * The link's run events; a reconnection sends the last event id seen (`cursor()`), so a server
 * that gave ids goes on right after it; without one it replays the run.
 */
export function runEventsSource(
  link: FormLinkContext,
  cursor: () => string | null = () => null,
): EventStreamSource {
  return {
    open: async (signal) => {
      const target = await runEventsTarget(link);
      const last = cursor();
      const headers = last ? { ...target.headers, "Last-Event-ID": last } : target.headers;
      return openEventStream({ ...target, headers }, signal);
    },
    reconnect: true,
  };
}

/** Asks for a run-scoped link to a later form of the run (a write: the server signs a link). */
export function useNextLinkMutation(link: FormLinkContext) {
  return useMutation({
    mutationFn: (form: Parameters<typeof fetchNextLink>[1]) => fetchNextLink(link, form),
  });
}
