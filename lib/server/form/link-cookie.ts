import "server-only";
import { publicOrigin } from "@/lib/server/request-guards";

// The cookie a form link opened top-level is traded for (decision 035).

const COOKIE = "hi_form_link";
/** Over HTTPS the browser keeps a `__Secure-` cookie from being set by a plain-HTTP answer. */
export const SECURE_LINK_COOKIE = `__Secure-${COOKIE}`;

/** The name of the link cookie for an app served at this request's public origin. */
export function linkCookieName(request: { headers: Headers; url?: string }): string {
  return publicOrigin(request)?.startsWith("https:") ? SECURE_LINK_COOKIE : COOKIE;
}
