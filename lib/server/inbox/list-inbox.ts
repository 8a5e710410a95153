import "server-only";
import { and, desc, inArray, sql } from "drizzle-orm";
import type { InboxItem, InboxView } from "@/lib/inbox/inbox-view";
import type { Session } from "@/lib/server/auth/session";
import { getEnv } from "@/lib/server/env";
import { formLinkPath } from "@/lib/server/form/signed-form-link";
import { requestKeyset } from "@/lib/server/requests/request-keyset";
import type { Db } from "@/lib/server/store/create-store";
import { decisions, recipients, requests } from "@/lib/server/store/schema";

/** How long a link the inbox hands out stays good: a tab left open gets fresh ones by polling. */
const ITEM_LINK_SECONDS = 12 * 60 * 60;

/**
 * One page of the viewer's requests, the newest registered first (keyset on registration time
 * and id), each with a signed link for them and the receipt of its decision.
 */
export async function listInbox(
  db: Db,
  session: Session,
  page: { cursor?: string; limit: number },
): Promise<InboxView> {
  // The requests that name the viewer in any case (as the form's recipient check compares), each
  // once however many spellings of the name a request holds.
  const mine = db
    .select({ id: recipients.requestId })
    .from(recipients)
    .where(sql`lower(${recipients.recipient}) = lower(${session.user})`);
  const after = page.cursor ? requestKeyset.after(page.cursor) : undefined;
  const found = await db
    .select({
      id: requests.id,
      formToken: requests.formToken,
      runId: requests.runId,
      title: requests.title,
      status: requests.status,
      requireSignIn: requests.requireSignIn,
      expiresAt: requests.expiresAt,
      createdAt: requests.createdAt,
      key: requestKeyset.key,
    })
    .from(requests)
    .where(and(inArray(requests.id, mine), after))
    .orderBy(...requestKeyset.order)
    .limit(page.limit + 1);
  const rows = found.slice(0, page.limit);
  const last = rows.at(-1);
  const nextCursor = requestKeyset.next(found.length, page.limit, last);
  const ids = rows.map((row) => row.id);
  // The latest decision of each request on the page.
  const decided = ids.length
    ? await db
        .selectDistinctOn([decisions.requestId], {
          requestId: decisions.requestId,
          actionId: decisions.actionId,
          actionLabel: decisions.actionLabel,
          user: decisions.user,
          email: decisions.email,
          decidedAt: decisions.decidedAt,
        })
        .from(decisions)
        .where(inArray(decisions.requestId, ids))
        .orderBy(decisions.requestId, desc(decisions.id))
    : [];
  const latest = new Map(decided.map((row) => [row.requestId, row]));

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
  return { user: session.user, via: session.via, items, nextCursor };
}
