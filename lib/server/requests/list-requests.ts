import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { RequestStatus } from "@/lib/requests/request-status";
import { requestKeyset } from "@/lib/server/requests/request-keyset";
import type { StoredRequest } from "@/lib/server/requests/store-request";
import type { Db } from "@/lib/server/store/create-store";
import { recipients, requests } from "@/lib/server/store/schema";

export type RequestQuery = {
  recipient?: string;
  status?: RequestStatus;
  cursor?: string;
  limit: number;
};

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
  if (query.cursor) where.push(requestKeyset.after(query.cursor));
  const rows = await db
    .select({
      request: requests,
      key: requestKeyset.key,
      recipients: sql<
        string[]
      >`coalesce((select array_agg(${recipients.recipient} order by ${recipients.recipient}) from ${recipients} where ${recipients.requestId} = ${requests.id}), '{}')`,
    })
    .from(requests)
    .where(and(...where))
    .orderBy(...requestKeyset.order)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    requests: page.map((row) => ({ ...row.request, recipients: row.recipients })),
    nextCursor: requestKeyset.next(
      rows.length,
      query.limit,
      last && { key: last.key, id: last.request.id },
    ),
  };
}
