import { z } from "zod";
import { MAX_INBOX_USER_LENGTH } from "@/lib/server/auth/inbox-link";
import { openSealedValue, sealValue } from "@/lib/server/auth/sealed-value";

// NOTE: no `server-only`: the e2e helpers seal sessions the way the app does.
const LABEL = "session v1";
const text = (max: number) => z.string().min(1).max(max);

/** Who is looking: an inbox link's user, or a person signed in with OpenID Connect. */
export const sessionSchema = z.discriminatedUnion("via", [
  z.object({ via: z.literal("link"), user: text(MAX_INBOX_USER_LENGTH), exp: z.number().int() }),
  z.object({
    via: z.literal("oidc"),
    user: text(MAX_INBOX_USER_LENGTH),
    exp: z.number().int(),
    issuer: text(2048),
    subject: text(255),
    email: text(MAX_INBOX_USER_LENGTH).optional(),
  }),
]);
export type Session = z.infer<typeof sessionSchema>;

export function sealSession(session: Session, secret: string): string {
  return sealValue(secret, LABEL, session);
}

export type SessionOpening =
  { ok: true; session: Session } | { ok: false; reason: "invalid" | "expired" };

/** A sealed session: whole and unexpired, or why not. */
export function openSession(
  sealed: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): SessionOpening {
  const parsed = sessionSchema.safeParse(openSealedValue(secret, LABEL, sealed));
  if (!parsed.success) return { ok: false, reason: "invalid" };
  if (parsed.data.exp < nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, session: parsed.data };
}
