import "server-only";
import { getEnv } from "@/lib/server/env";
import {
  openSession,
  sealSession,
  type Session,
  type SessionOpening,
} from "@/lib/server/auth/session";
import { publicOrigin } from "@/lib/server/request-guards";

// The cookie that says who is looking: an inbox link's user or a signed-in person (sealed).

const COOKIE = "hi_session";
/** How long a sign-in holds before the person signs in again. */
export const SIGN_IN_SECONDS = 12 * 60 * 60;

type HasHeaders = { headers: Headers; url?: string };

const secure = (request: HasHeaders) => publicOrigin(request)?.startsWith("https:") ?? false;

/** `__Secure-` over HTTPS: a plain-HTTP answer cannot set it. */
export function sessionCookieName(request: HasHeaders): string {
  return secure(request) ? `__Secure-${COOKIE}` : COOKIE;
}

function secret(): string {
  const value = getEnv().FORM_LINK_SECRET;
  if (!value) throw new Error("Sessions need FORM_LINK_SECRET.");
  return value;
}

export function sessionSetCookie(request: HasHeaders, session: Session): string {
  const maxAge = Math.max(0, session.exp - Math.floor(Date.now() / 1000));
  return cookieHeader(request, sealSession(session, secret()), maxAge);
}

export function sessionClearCookie(request: HasHeaders): string {
  return cookieHeader(request, "", 0);
}

function cookieHeader(request: HasHeaders, value: string, maxAge: number): string {
  // Lax: an inbox link clicked in a mail arrives as a cross-site navigation and must keep it.
  return `${sessionCookieName(request)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure(request) ? "; Secure" : ""}`;
}

/** A session cookie's value opened; `null` when there is none, or no secret to open it. */
export function readSession(cookieValue: string | undefined): SessionOpening | null {
  const key = getEnv().FORM_LINK_SECRET;
  if (!cookieValue || !key) return null;
  return openSession(cookieValue, key);
}
