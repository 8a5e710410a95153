import "server-only";
import { desc, eq, inArray } from "drizzle-orm";
import type { InboxItem, InboxView } from "@/lib/inbox/inbox-view";
import { sortInbox } from "@/lib/inbox/inbox-view";
import type { Session } from "@/lib/server/auth/session";
import { getEnv } from "@/lib/server/env";
import { formLinkPath } from "@/lib/server/form/signed-form-link";
import { getStore } from "@/lib/server/store/get-store";
import { decisions, recipients, requests } from "@/lib/server/store/schema";

/** The most requests one inbox lists (the newest closed ones drop off first). */
export const MAX_INBOX_ITEMS = 200;
/** How long a link the inbox hands out stays good: a tab left open gets fresh ones by polling. */
const ITEM_LINK_SECONDS = 12 * 60 * 60;

/** The viewer's requests, each with a signed link for them and the receipt of its decision. */
export async function listInbox(session: Session): Promise<InboxView> {
  const { db } = getStore();
  const names = [...new Set([session.user, session.user.toLowerCase()])];
  const rows = await db
    .select({
      id: requests.id,
      formToken: requests.formToken,
      runId: requests.runId,
      title: requests.title,
      status: requests.status,
      requireSignIn: requests.requireSignIn,
      expiresAt: requests.expiresAt,
      createdAt: requests.createdAt,
    })
    .from(recipients)
    .innerJoin(requests, eq(recipients.requestId, requests.id))
    .where(inArray(recipients.recipient, names))
    .orderBy(desc(requests.createdAt))
    .limit(MAX_INBOX_ITEMS);
  const ids = rows.map((row) => row.id);
  const decided = ids.length
    ? await db
        .select({
          requestId: decisions.requestId,
          actionId: decisions.actionId,
          actionLabel: decisions.actionLabel,
          user: decisions.user,
          email: decisions.email,
          decidedAt: decisions.decidedAt,
        })
        .from(decisions)
        .where(inArray(decisions.requestId, ids))
        .orderBy(desc(decisions.id))
        .limit(MAX_INBOX_ITEMS)
    : [];
  const latest = new Map<string, (typeof decided)[number]>();
  for (const row of decided) if (!latest.has(row.requestId)) latest.set(row.requestId, row);

  const env = getEnv();
  const secret = env.FORM_LINK_SECRET ?? "";
  const now = Math.floor(Date.now() / 1000);
  const items: InboxItem[] = rows.map((row) => {
    const decision = latest.get(row.id);
    const closes = row.expiresAt ? Math.floor(row.expiresAt.getTime() / 1000) : Infinity;
    const exp = Math.max(now + 60, Math.min(now + ITEM_LINK_SECONDS, closes));
    const link = formLinkPath(
      {
        token: row.formToken,
        run: row.runId ?? "",
        user: session.user,
        exp,
        auth: row.requireSignIn || env.REQUIRE_SIGN_IN ? "signin" : "link",
      },
      secret,
    );
    return {
      id: row.id,
      title: row.title ?? "",
      // A decision is an answer sent through this app, whatever the sweep has read since.
      status: decision && row.status === "waiting" ? "answered" : row.status,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      href: `${link}&from=inbox`,
      decision: decision
        ? {
            action: decision.actionLabel ?? decision.actionId,
            decidedAt: decision.decidedAt.toISOString(),
            by: decision.email ?? decision.user,
          }
        : null,
    };
  });
  return { user: session.user, via: session.via, items: sortInbox(items) };
}
