import { queryOptions } from "@tanstack/react-query";
import { callRoute } from "@/lib/client/call-route";
import { INBOX_API, INBOX_LINK_HEADER } from "@/lib/inbox/inbox-api-contract";
import type { InboxView } from "@/lib/inbox/inbox-view";

/** How often an open inbox asks again: a request registered or closed shows within seconds. */
export const INBOX_POLL_MS = 4_000;

/** The viewer's inbox: loaded on the server with `load`, then polled by the browser. */
export function inboxQueryOptions(linkQuery: string, load?: () => Promise<InboxView>) {
  return queryOptions({
    queryKey: ["inbox"] as const,
    queryFn: ({ signal }) =>
      load
        ? load()
        : callRoute(INBOX_API.list, {
            signal,
            headers: linkQuery ? { [INBOX_LINK_HEADER]: linkQuery } : undefined,
          }),
    staleTime: 2_000,
    refetchInterval: INBOX_POLL_MS,
  });
}
