import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/store/create-store";
import { requests } from "@/lib/server/store/schema";

// NOTE: no `server-only`: unit tests run it on PGlite.

/** Whether the store holds a request for this form that opens only for its signed-in recipient. */
export async function requestRequiresSignIn(db: Db, formToken: string): Promise<boolean> {
  const rows = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.formToken, formToken), eq(requests.requireSignIn, true)))
    .limit(1);
  return rows.length > 0;
}
