import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch } from "@/lib/client/api-fetch";
import { openEventStream, type EventStreamSource } from "@/lib/client/use-event-stream";
import type { FormLinkContext } from "@/lib/form/form-api";
import { FORM_LINK_HEADER } from "@/lib/form/form-link-header";

// The run's routes as the browser calls them, each carrying the link's credentials: its live
// events (a stream, followed by useRunStream) and the link to a later form of the run (a write:
// the server signs a new link).

const headers = (link: FormLinkContext) => ({ [FORM_LINK_HEADER]: link.linkQuery });
const base = (link: FormLinkContext) => `/api/forms/${encodeURIComponent(link.token)}`;

/** The link's run events; every (re)connection asks afresh. */
export function runEventsSource(link: FormLinkContext): EventStreamSource {
  return {
    open: (signal) =>
      openEventStream({ url: `${base(link)}/events`, headers: headers(link) }, signal),
    reconnect: true,
  };
}

export type NextFormRequest = { formId: string | null; nodeId: string };

/**
 * A run-scoped link to a form the run waits at, named by its `form_id` (else its node id): the
 * browser never holds another form's token, so the server finds it in the run's own state.
 */
export function useNextLinkMutation(link: FormLinkContext) {
  return useMutation({
    mutationFn: (form: NextFormRequest) =>
      apiFetch(`${base(link)}/next-link`, z.object({ url: z.string() }), {
        method: "POST",
        json: { form_id: form.formId, node_id: form.nodeId },
        headers: headers(link),
      }),
  });
}
