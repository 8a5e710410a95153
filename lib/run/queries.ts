import { useMutation } from "@tanstack/react-query";
import { openEventStream, type EventStreamSource } from "@/lib/client/use-event-stream";
import { fetchNextLink, runEventsTarget, type FormLinkContext } from "@/lib/form/form-api";

/** The link's run events; every (re)connection asks afresh. */
export function runEventsSource(link: FormLinkContext): EventStreamSource {
  return {
    open: async (signal) => openEventStream(await runEventsTarget(link), signal),
    reconnect: true,
  };
}

/** Asks for a run-scoped link to a later form of the run (a write: the server signs a link). */
export function useNextLinkMutation(link: FormLinkContext) {
  return useMutation({
    mutationFn: (form: Parameters<typeof fetchNextLink>[1]) => fetchNextLink(link, form),
  });
}
