import { desc, sql, type SQL } from "drizzle-orm";
import { decodeCursor, encodeCursor } from "@/lib/server/requests/page-cursor";
import { requests } from "@/lib/server/store/schema";

// Requests newest first, paged by registration time and id. The cursor holds the time to the
// microsecond, as PostgreSQL keeps it: a time cut to milliseconds (a JavaScript Date) would skip
// rows registered within the same millisecond.
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isKey = (key: unknown[]): key is [string, string] =>
  key.length === 2 &&
  typeof key[0] === "string" &&
  TIME.test(key[0]) &&
  typeof key[1] === "string" &&
  UUID.test(key[1]);

export const requestKeyset = {
  order: [desc(requests.createdAt), desc(requests.id)],
  /** A row's key, selected beside it for the next cursor. */
  key: sql<string>`to_char(${requests.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  /** The rows after a cursor this server gave out (a 400 for any other). */
  after(cursor: string): SQL {
    const [at, id] = decodeCursor(cursor, isKey);
    return sql`(${requests.createdAt}, ${requests.id}) < (${at}::timestamptz, ${id}::uuid)`;
  },
  /** The next page's cursor: the last row's key when more rows were found than shown. */
  next(found: number, limit: number, last: { key: string; id: string } | undefined) {
    return found > limit && last ? encodeCursor([last.key, last.id]) : null;
  },
};
