import { queryOptions } from "@tanstack/react-query";
import { fetchForm, type FormLinkContext } from "@/lib/form/form-api";
import type { FormView } from "@/lib/form/form-view";

/**
 * The form of a link, as one query on both sides: the page loads it on the server with `load`
 * (the upstream, directly) and the browser, which holds the same key, reads it from the hydrated
 * cache; without `load` it is fetched from the app's API.
 */
export function formQueryOptions(
  link: FormLinkContext,
  load?: (signal: AbortSignal) => Promise<FormView>,
) {
  return queryOptions({
    queryKey: ["form", link.token] as const,
    queryFn: ({ signal }) => (load ? load(signal) : fetchForm(link, signal)),
    // A form changes under us only when it is answered, and then the answer says so: the copy the
    // server rendered stays on screen, never refetched on mount, focus or reconnect.
    staleTime: Infinity,
  });
}
