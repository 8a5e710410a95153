import "server-only";
import { INBOX_LINK_KEYS } from "@/lib/server/auth/inbox-link";
import { sessionSetCookie } from "@/lib/server/auth/session-cookie";
import { resolveInboxLink } from "@/lib/server/auth/viewer";
import { publicOrigin } from "@/lib/server/request-guards";

// A top-level `/inbox` opened with a good inbox link: a 303 to `/inbox` without it, setting the
// session cookie, so `sig` leaves the address bar, the history and logs. A bad link is left to the
// page, which says why (and counts it).
export function tradeInboxLink(request: Request): Response | null {
  if (request.method !== "GET" || request.headers.get("sec-fetch-dest") !== "document") return null;
  const url = new URL(request.url);
  if (url.pathname !== "/inbox" || !url.searchParams.has("sig")) return null;
  const resolved = resolveInboxLink(url.searchParams);
  if (!resolved.ok) return null;
  const clean = new URLSearchParams(url.searchParams);
  for (const key of INBOX_LINK_KEYS) clean.delete(key);
  const search = clean.size > 0 ? `?${clean.toString()}` : "";
  const origin = publicOrigin(request) ?? url.origin;
  const response = new Response(null, {
    status: 303,
    headers: { Location: `${origin}/inbox${search}`, "Cache-Control": "no-store" },
  });
  response.headers.append("Set-Cookie", sessionSetCookie(request, resolved.session));
  return response;
}
