import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import * as schema from "@/lib/server/store/schema";

// NOTE: no `server-only`: `npm run db:migrate`, the export and replay tools open the store too.

export type Db = NodePgDatabase<typeof schema>;
export type Store = { db: Db; pool: Pool; close: () => Promise<void> };

/** A pool on `url` and the typed query layer over it; an idle connection's failure is reported. */
export function createStore(
  url: string,
  options: { max: number; queryTimeoutMs: number; onError?: (error: Error) => void },
): Store {
  const pool = new Pool({
    connectionString: url,
    max: options.max,
    connectionTimeoutMillis: options.queryTimeoutMs,
    query_timeout: options.queryTimeoutMs,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener, a database restart would crash the process through an idle client.
  pool.on("error", (error) => options.onError?.(error));
  return { db: drizzle(pool, { schema }), pool, close: () => pool.end() };
}
