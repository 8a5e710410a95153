import { queryOptions } from "@tanstack/react-query";
import { fetchForm, type FormLinkContext } from "@/lib/form/form-api";
import type { FormView } from "@/lib/form/form-view";

/** A link's form: loaded on the server with `load`, then read from the hydrated cache. */
export function formQueryOptions(
  link: FormLinkContext,
  load?: (signal: AbortSignal) => Promise<FormView>,
) {
  return queryOptions({
    queryKey: ["form", link.token] as const,
    queryFn: ({ signal }) => (load ? load(signal) : fetchForm(link, signal)),
    // A form changes only when answered, and the answer says so: never refetched on its own.
    staleTime: Infinity,
  });
}
