import { headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { loadMessages } from "@/lib/i18n/load-messages";
import { resolveLocale } from "@/lib/i18n/locales";

// next-intl without locale routing: the proxy passes `?lang=` on as `x-locale`; otherwise the
// browser's Accept-Language decides.

export default getRequestConfig(async () => {
  const requestHeaders = await headers();
  const locale = resolveLocale(
    requestHeaders.get("x-locale"),
    requestHeaders.get("accept-language"),
  );
  return { locale, messages: await loadMessages(locale) };
});
