import { createHmac, timingSafeEqual } from "node:crypto";

// NOTE: no `server-only`: the tools that mint links run this outside Next.
// An inbox link's message starts with its own label line, so no form link's message (token, run,
// user, exp) can ever verify as an inbox link or the reverse.
const LABEL = "dify-human-input inbox link v1";
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
const CANONICAL_EXP = /^(0|[1-9]\d{0,11})$/;
/** The longest user an inbox link names (an email address is at most 254 characters). */
export const MAX_INBOX_USER_LENGTH = 320;

export type InboxLinkClaims = { user: string; exp: number };

/** The query keys of an inbox link. */
export const INBOX_LINK_KEYS = ["user", "exp", "sig"] as const;

export function signInboxLink(claims: InboxLinkClaims, secret: string): string {
  if (!claims.user || claims.user.length > MAX_INBOX_USER_LENGTH) {
    throw new Error(`The inbox link's user must be 1 to ${MAX_INBOX_USER_LENGTH} characters.`);
  }
  if (CONTROL_CHARACTER.test(claims.user)) {
    throw new Error("The inbox link's user must not contain control characters.");
  }
  if (!Number.isSafeInteger(claims.exp) || claims.exp < 0) {
    throw new Error("The inbox link's exp must be a whole number of Unix seconds.");
  }
  return createHmac("sha256", secret)
    .update(`${LABEL}\n${claims.user}\n${claims.exp}`)
    .digest("base64url");
}

/** `/inbox?user=…&exp=…&sig=…`; prefix with the app's origin for an absolute link. */
export function inboxLinkPath(claims: InboxLinkClaims, secret: string): string {
  const query = new URLSearchParams({
    user: claims.user,
    exp: String(claims.exp),
    sig: signInboxLink(claims, secret),
  });
  return `/inbox?${query.toString()}`;
}

export type InboxLinkVerification =
  { ok: true; claims: InboxLinkClaims } | { ok: false; reason: "invalid" | "expired" };

/** Values, signature (constant time), then expiry; a link without a secret to check it is invalid. */
export function verifyInboxLink(
  params: URLSearchParams,
  secret: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): InboxLinkVerification {
  const user = params.get("user") ?? "";
  const exp = params.get("exp") ?? "";
  const sig = params.get("sig") ?? "";
  if (
    !secret ||
    !user ||
    user.length > MAX_INBOX_USER_LENGTH ||
    CONTROL_CHARACTER.test(user) ||
    !CANONICAL_EXP.test(exp) ||
    !sig
  ) {
    return { ok: false, reason: "invalid" };
  }
  const claims = { user, exp: Number(exp) };
  const expected = Buffer.from(signInboxLink(claims, secret));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "invalid" };
  }
  if (claims.exp < nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}
