import "server-only";
import { LINK_PARAM_KEYS } from "@/lib/form/form-link";
import { publicOrigin } from "@/lib/server/request-guards";

// The cookie a form link opened top-level is traded for (lib/server/form/trade-link-for-cookie.ts,
// docs/decisions/035-link-credentials-in-a-cookie.md): its name, its paths, reading it back.

const COOKIE = "hi_form_link";
/** Over HTTPS the browser keeps a `__Secure-` cookie from being set by a plain-HTTP answer. */
export const SECURE_LINK_COOKIE = `__Secure-${COOKIE}`;

/** The name of the link cookie for an app served at this request's public origin. */
export function linkCookieName(request: { headers: Headers; url?: string }): string {
  return publicOrigin(request)?.startsWith("https:") ? SECURE_LINK_COOKIE : COOKIE;
}

/**
 * The two paths a link's cookie is set for: a cookie has one Path, and the page and its API calls
 * live under two. Each is the token's own, so links to several forms in one browser stay apart.
 */
export function linkCookiePaths(token: string): string[] {
  const encoded = encodeURIComponent(token);
  return [`/form/${encoded}`, `/api/forms/${encoded}`];
}

/** The link parameters of a query, in their fixed order; empty when it carries none. */
export function linkParamsOf(query: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LINK_PARAM_KEYS) {
    const value = query.get(key);
    if (value !== null) params.set(key, value);
  }
  return params;
}
