import * as z from "zod/mini";
import { REQUEST_STATUSES } from "@/lib/requests/request-status";

// What the inbox shows: the viewer's requests as the app's own view model.

/** The filter's choices: `expired` covers a run's timeout too, `closed` a form that is gone. */
export const INBOX_FILTERS = [
  "all",
  "waiting",
  "answered",
  "expired",
  "answered_elsewhere",
] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const inboxItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** ISO time; null when the request does not expire. */
  expiresAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** A signed link that opens the form for the viewer. */
  href: z.string(),
  /** The receipt: what was decided, when, by whom (from the decision record). */
  decision: z.nullable(z.object({ action: z.string(), decidedAt: z.string(), by: z.string() })),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxViewSchema = z.object({
  user: z.string(),
  via: z.enum(["link", "oidc"]),
  /** One page, the newest registered first (sorted for showing by {@link sortInbox}). */
  items: z.array(inboxItemSchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type InboxView = z.infer<typeof inboxViewSchema>;

export function matchesFilter(item: InboxItem, filter: InboxFilter): boolean {
  if (filter === "all") return true;
  if (filter === "expired") return item.status === "expired" || item.status === "timed_out";
  return item.status === filter;
}

/** Waiting first, the soonest to close on top; then the rest, the latest first. */
export function sortInbox(items: readonly InboxItem[]): InboxItem[] {
  const closes = (item: InboxItem) => (item.expiresAt ? Date.parse(item.expiresAt) : Infinity);
  return [...items].sort((a, b) => {
    const waiting = Number(b.status === "waiting") - Number(a.status === "waiting");
    if (waiting) return waiting;
    if (a.status === "waiting") return closes(a) - closes(b);
    return Date.parse(b.createdAt) - Date.parse(a.createdAt);
  });
}
