import "server-only";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { getEnv } from "@/lib/server/env";
import type { Viewer } from "@/lib/server/auth/viewer";

export type RecipientCheck =
  | { ok: true; signedIn: Extract<Viewer, { state: "known" }>["session"] | null }
  | { ok: false; reason: "sign_in" | "someone_else"; user?: string };

/** Whether the form needs its user signed in: the link's own claim, or REQUIRE_SIGN_IN. */
export function needsSignIn(claims: Pick<FormLinkClaims, "auth">): boolean {
  return claims.auth === "signin" || getEnv().REQUIRE_SIGN_IN;
}

/**
 * NOTE: decided from the link's signature and the session alone, no database: a form that needs
 * sign-in opens for a signed-in person whom its link names, and for no one else.
 */
export function checkRecipient(claims: FormLinkClaims, viewer: Viewer): RecipientCheck {
  const signedIn =
    viewer.state === "known" && viewer.session.via === "oidc" ? viewer.session : null;
  if (!needsSignIn(claims)) return { ok: true, signedIn };
  if (!signedIn) return { ok: false, reason: "sign_in" };
  // Emails compare without case, as mail servers deliver them.
  if (signedIn.user.toLowerCase() !== claims.user.toLowerCase()) {
    return { ok: false, reason: "someone_else", user: signedIn.user };
  }
  return { ok: true, signedIn };
}
