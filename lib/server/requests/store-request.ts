import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/store/create-store";
import { recipients, requests } from "@/lib/server/store/schema";

export type StoredRequest = typeof requests.$inferSelect & { recipients: string[] };

export type NewRequest = {
  formToken: string;
  recipients: string[];
  runId?: string | null;
  title?: string | null;
  expiresAt?: Date | null;
  requireSignIn?: boolean;
  registeredBy: string;
};

/**
 * Stores a request once per form token: a second registration (even at the same moment, on
 * another copy) finds the first and changes nothing. One transaction.
 */
export async function storeRequest(
  db: Db,
  input: NewRequest,
): Promise<{ request: StoredRequest; created: boolean }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(requests)
      .values({
        formToken: input.formToken,
        runId: input.runId ?? null,
        title: input.title ?? null,
        expiresAt: input.expiresAt ?? null,
        requireSignIn: input.requireSignIn ?? false,
        registeredBy: input.registeredBy,
      })
      .onConflictDoNothing({ target: requests.formToken })
      .returning();
    if (inserted) {
      // One row per person: the form's recipient check and the inbox compare names without case,
      // so "Alice@x" and "alice@x" are one recipient, with one link and one set of reminders.
      const seen = new Set<string>();
      const names = input.recipients.filter((name) => {
        const key = name.toLowerCase();
        return !seen.has(key) && Boolean(seen.add(key));
      });
      if (names.length) {
        await tx
          .insert(recipients)
          .values(names.map((recipient) => ({ requestId: inserted.id, recipient })))
          .onConflictDoNothing();
      }
      return { request: { ...inserted, recipients: names }, created: true };
    }
    const found = await findRequest(tx, input.formToken);
    if (!found) throw new Error("A request that conflicted on its form token is not there.");
    return { request: found, created: false };
  });
}

/** The request of a form token, with its recipients; undefined when none is stored. */
export async function findRequest(db: Db, formToken: string): Promise<StoredRequest | undefined> {
  const [request] = await db.select().from(requests).where(eq(requests.formToken, formToken));
  if (!request) return undefined;
  const names = await db
    .select({ recipient: recipients.recipient })
    .from(recipients)
    .where(eq(recipients.requestId, request.id))
    .orderBy(recipients.recipient);
  return { ...request, recipients: names.map((row) => row.recipient) };
}
