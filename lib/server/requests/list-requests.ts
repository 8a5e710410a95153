import { and, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { RequestStatus } from "@/lib/requests/request-status";
import { decodeCursor, encodeCursor } from "@/lib/server/requests/page-cursor";
import type { StoredRequest } from "@/lib/server/requests/store-request";
import type { Db } from "@/lib/server/store/create-store";
import { recipients, requests } from "@/lib/server/store/schema";

export type RequestQuery = {
  recipient?: string;
  status?: RequestStatus;
  cursor?: string;
  limit: number;
};

const isKey = (key: unknown[]): key is [string, string] =>
  key.length === 2 && typeof key[0] === "string" && typeof key[1] === "string";

/** Requests newest first, one page: at most `limit` rows and the cursor of the next page. */
export async function listRequests(
  db: Db,
  query: RequestQuery,
): Promise<{ requests: StoredRequest[]; nextCursor: string | null }> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(requests.status, query.status));
  if (query.recipient) {
    where.push(
      inArray(
        requests.id,
        db
          .select({ id: recipients.requestId })
          .from(recipients)
          .where(eq(recipients.recipient, query.recipient)),
      ),
    );
  }
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor, isKey);
    const after = new Date(at);
    where.push(
      or(lt(requests.createdAt, after), and(eq(requests.createdAt, after), lt(requests.id, id)))!,
    );
  }
  const rows = await db
    .select({
      request: requests,
      recipients: sql<
        string[]
      >`coalesce((select array_agg(${recipients.recipient} order by ${recipients.recipient}) from ${recipients} where ${recipients.requestId} = ${requests.id}), '{}')`,
    })
    .from(requests)
    .where(and(...where))
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.request;
  return {
    requests: page.map((row) => ({ ...row.request, recipients: row.recipients })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor([last.createdAt.toISOString(), last.id])
        : null,
  };
}
