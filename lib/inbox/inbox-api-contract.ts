import * as z from "zod/mini";
import { inboxViewSchema } from "@/lib/inbox/inbox-view";
import { routeContract } from "@/lib/routes/route-contract";

/** The inbox link's query, sent by a framed inbox (no cookie) with each call. */
export const INBOX_LINK_HEADER = "x-inbox-link";

/** An inbox page's rows: the page's own, and at most what a caller may ask for. */
export const INBOX_PAGE_ROWS = 50;
export const MAX_INBOX_PAGE_ROWS = 200;

export const INBOX_API = {
  list: routeContract({
    method: "GET",
    path: "/api/inbox",
    query: z.object({
      cursor: z.optional(z.string().check(z.maxLength(200))),
      limit: z._default(
        z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_INBOX_PAGE_ROWS)),
        INBOX_PAGE_ROWS,
      ),
    }),
    answer: inboxViewSchema,
  }),
} as const;
