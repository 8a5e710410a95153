import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy } from "@/lib/server/content-security-policy";
import { parseTheme } from "@/lib/embed/embed-protocol";
import { parseEnv, type AppEnv } from "@/lib/server/env-schema";
import { matchLocale } from "@/lib/i18n/locales";

// Runs before every page (Next 16's proxy, on Node): a fresh CSP nonce per request,
// passed to Next through the request headers so its scripts carry it, and the policy on the response.

let env: AppEnv | undefined;

export function proxy(request: NextRequest) {
  env ??= parseEnv(process.env);
  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy({
    nonce,
    frameAncestors: env.embedAllowedOrigins,
    dev: process.env.NODE_ENV === "development",
  });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  // `?theme=` chosen per link; the layout reads it to render the right theme from the first byte.
  const theme = parseTheme(request.nextUrl.searchParams.get("theme"));
  if (theme) headers.set("x-theme", theme);
  else headers.delete("x-theme");
  // `?lang=` chosen per link; the i18n request config reads it (else Accept-Language decides).
  const locale = matchLocale(request.nextUrl.searchParams.get("lang"));
  if (locale) headers.set("x-locale", locale);
  else headers.delete("x-locale");
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

// Pages only. API routes are left out on purpose: a proxy in front of them makes Next buffer
// request bodies (and cut them at 10 MB), which would break streamed uploads. API answers get a
// policy of their own from handleRoute.
export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico).*)"],
};
