import { inboxViewSchema } from "@/lib/inbox/inbox-view";
import { routeContract } from "@/lib/routes/route-contract";

/** The inbox link's query, sent by a framed inbox (no cookie) with each call. */
export const INBOX_LINK_HEADER = "x-inbox-link";

export const INBOX_API = {
  list: routeContract({ method: "GET", path: "/api/inbox", answer: inboxViewSchema }),
} as const;
