import "server-only";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { getEnv } from "@/lib/server/env";
import type { Viewer } from "@/lib/server/auth/viewer";
import { storeConfigured } from "@/lib/server/store/store-configured";

export type RecipientCheck =
  | { ok: true; signedIn: Extract<Viewer, { state: "known" }>["session"] | null }
  | { ok: false; reason: "sign_in" | "someone_else"; user?: string };

/** Whether the form needs its user signed in: the link's own claim, or REQUIRE_SIGN_IN. */
export function needsSignIn(claims: Pick<FormLinkClaims, "auth">): boolean {
  return claims.auth === "signin" || getEnv().REQUIRE_SIGN_IN;
}

/**
 * Whether the form needs its user signed in: {@link needsSignIn}, or its request in the store is
 * marked so, whatever the link says (a link minted without the claim opens nothing more). Without
 * a store, no query at all. A store that cannot answer leaves the link's word (forms answer while
 * the store is down; decision 076), counted and logged.
 */
export async function signInRequired(claims: FormLinkClaims): Promise<boolean> {
  if (needsSignIn(claims)) return true;
  if (!storeConfigured()) return false;
  const { withStore } = await import("@/lib/server/store/with-store");
  const { requestRequiresSignIn } = await import("@/lib/server/requests/request-requires-sign-in");
  return withStore("sign_in_check", (db) => requestRequiresSignIn(db, claims.token)).catch(
    () => false,
  );
}

/**
 * NOTE: decided from the session and whether the form needs sign-in (the link's claim unless the
 * caller found more, see {@link signInRequired}): a form that needs sign-in opens for a signed-in
 * person whom its link names, and for no one else.
 */
export function checkRecipient(
  claims: FormLinkClaims,
  viewer: Viewer,
  required = needsSignIn(claims),
): RecipientCheck {
  const signedIn =
    viewer.state === "known" && viewer.session.via === "oidc" ? viewer.session : null;
  if (!required) return { ok: true, signedIn };
  if (!signedIn) return { ok: false, reason: "sign_in" };
  // Emails compare without case, as mail servers deliver them.
  if (signedIn.user.toLowerCase() !== claims.user.toLowerCase()) {
    return { ok: false, reason: "someone_else", user: signedIn.user };
  }
  return { ok: true, signedIn };
}
