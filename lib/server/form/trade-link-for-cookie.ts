import "server-only";
import { getEnv } from "@/lib/server/env";
import { LINK_PARAM_KEYS } from "@/lib/form/form-link";
import { formTokenSchema } from "@/lib/ids/path-ids";
import { resolveFormLink } from "@/lib/server/form/form-identity";
import { linkCookieName, SECURE_LINK_COOKIE } from "@/lib/server/form/link-cookie";
import { publicOrigin } from "@/lib/server/request-guards";

// A top-level form page with a verified link: a 303 to the address without the link's parameters,
// setting the link cookie, so `sig` leaves the address bar, the history and logs (decision 035).
export function tradeLinkForCookie(request: Request): Response | null {
  if (request.method !== "GET" || request.headers.get("sec-fetch-dest") !== "document") return null;
  const url = new URL(request.url);
  const match = /^\/form\/([^/]+)$/.exec(url.pathname);
  if (!match) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  if (!formTokenSchema.safeParse(token).success) return null;
  const verified = resolveFormLink(token, { query: url.searchParams });
  if (!verified.ok) return null;
  const value = verified.params.toString();
  if (value.length > getEnv().limits.linkCookieMaxChars) return null;

  const clean = new URLSearchParams(url.searchParams);
  for (const key of LINK_PARAM_KEYS) clean.delete(key);
  const search = clean.size > 0 ? `?${clean.toString()}` : "";
  // Next's proxy takes an absolute Location only: the public origin's (APP_ORIGIN in production;
  // the Host was checked against it), not the address the server listens on behind a proxy.
  const origin = publicOrigin(request) ?? url.origin;
  const encoded = encodeURIComponent(token);
  const response = new Response(null, {
    status: 303,
    headers: { Location: `${origin}/form/${encoded}${search}` },
  });
  const name = linkCookieName(request);
  const secure = name === SECURE_LINK_COOKIE;
  const exp = verified.claims.exp;
  // Until the link expires; an unsigned link without `exp`, for the browser session.
  const maxAge = exp > 0 ? `; Max-Age=${Math.max(0, exp - Math.floor(Date.now() / 1000))}` : "";
  // A cookie has one Path, and the page and its API calls live under two; each is the token's own,
  // so links to several forms in one browser stay apart.
  for (const path of [`/form/${encoded}`, `/api/forms/${encoded}`]) {
    response.headers.append(
      "Set-Cookie",
      // Lax, not Strict: after a link clicked on another site the 303's target is still part of a
      // cross-site navigation, and Strict would withhold the cookie from it.
      `${name}=${encodeURIComponent(value)}; Path=${path}${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    );
  }
  return response;
}
