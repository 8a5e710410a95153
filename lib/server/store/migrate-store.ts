import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Pool } from "pg";

// NOTE: no `server-only`: `npm run db:migrate` applies the same migrations outside Next.

/** Where the checked-in migrations are: beside the schema, and beside the standalone server. */
export const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib", "server", "store", "migrations");

/** Any number to key an advisory lock by, the same in every copy. */
const MIGRATION_LOCK = 4_600_046;

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Applies the pending migrations once, however many copies start together. */
export async function migrateStore(pool: Pool, folder = MIGRATIONS_FOLDER): Promise<void> {
  let client;
  try {
    client = await pool.connect();
  } catch (error) {
    throw new MigrationError(`The database cannot be reached: ${messageOf(error)}`, {
      cause: error,
    });
  }
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: folder });
  } catch (error) {
    throw new MigrationError(`A migration failed: ${messageOf(error)}`, { cause: error });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

function messageOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const text = error instanceof Error ? error.message : String(error);
  return cause && !text.includes(cause.message) ? `${text} (${cause.message})` : text;
}
