import { infiniteQueryOptions } from "@tanstack/react-query";
import { callRoute } from "@/lib/client/call-route";
import { INBOX_API, INBOX_LINK_HEADER } from "@/lib/inbox/inbox-api-contract";
import type { InboxView } from "@/lib/inbox/inbox-view";

/** How often an open inbox asks again: a request registered or closed shows within seconds. */
export const INBOX_POLL_MS = 4_000;

/**
 * The viewer's inbox, page by page ("Show more" asks for the next): the first page loaded on the
 * server with `load`, then every page shown polled by the browser.
 */
export function inboxQueryOptions(linkQuery: string, load?: () => Promise<InboxView>) {
  return infiniteQueryOptions({
    queryKey: ["inbox"] as const,
    queryFn: ({ signal, pageParam }) =>
      load && pageParam === null
        ? load()
        : callRoute(INBOX_API.list, {
            signal,
            query: pageParam === null ? {} : { cursor: pageParam },
            headers: linkQuery ? { [INBOX_LINK_HEADER]: linkQuery } : undefined,
          }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 2_000,
    refetchInterval: INBOX_POLL_MS,
  });
}
