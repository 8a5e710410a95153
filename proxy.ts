import { NextResponse, type NextRequest } from "next/server";
import { parseTheme } from "@/lib/embed/embed-protocol";
import { matchLocale } from "@/lib/i18n/locales";
import { errorResponse } from "@/lib/errors/api-error";
import { getEnv } from "@/lib/server/env";
import { tradeInboxLink } from "@/lib/server/auth/trade-inbox-link";
import { tradeLinkForCookie } from "@/lib/server/form/trade-link-for-cookie";
import { requireOwnHost } from "@/lib/server/request-guards";
import {
  contentSecurityPolicy,
  frameAncestorsFor,
  withPageHeaders,
} from "@/lib/server/http/response-headers";

// Runs before every page and static file (Next 16's proxy, on Node): the Host check, the page and
// file headers, a form or inbox link's trade for a cookie, and for a page a fresh CSP nonce per request,
// passed to Next through the request headers so its scripts carry it.

/** Built files and public/ files: headers only, no nonce or per-link choices. */
const ASSET = /^\/_next\/|\.[A-Za-z0-9]+$/;

export function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  try {
    requireOwnHost(request);
  } catch (error) {
    return withPageHeaders(errorResponse(error), pathname);
  }
  // A form link opened top-level: its credentials go into a cookie, the browser to the clean URL.
  const traded = tradeLinkForCookie(request) ?? tradeInboxLink(request);
  if (traded) return withPageHeaders(traded, pathname);
  if (ASSET.test(pathname)) return withPageHeaders(NextResponse.next(), pathname);
  const nonce = btoa(crypto.randomUUID());
  const env = getEnv();
  const csp = contentSecurityPolicy({
    nonce,
    frameAncestors: frameAncestorsFor(pathname, env.EMBED_ALLOWED_ORIGINS),
    imageSources: env.MARKDOWN_IMAGE_ORIGINS,
    dev: env.NODE_ENV === "development",
  });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  // `?theme=` chosen per link; the layout reads it to render the right theme from the first byte.
  const theme = parseTheme(searchParams.get("theme"));
  if (theme) headers.set("x-theme", theme);
  else headers.delete("x-theme");
  // `?lang=` chosen per link; the i18n request config reads it (else Accept-Language decides).
  const locale = matchLocale(searchParams.get("lang"));
  if (locale) headers.set("x-locale", locale);
  else headers.delete("x-locale");
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return withPageHeaders(response, pathname);
}

// Everything but the API. API routes are left out on purpose: a proxy in front of them makes Next
// buffer request bodies (and cut them at 10 MB), which would break streamed uploads. API answers
// get their headers from handleRoute.
export const config = {
  matcher: ["/((?!api/).*)"],
};
