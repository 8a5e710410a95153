import { headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { resolveLocale, type Locale } from "@/lib/i18n/locales";
import { MESSAGE_NAMESPACES } from "@/lib/i18n/pick-messages";

// next-intl without locale routing: the proxy passes `?lang=` on as `x-locale`; otherwise the
// browser's Accept-Language decides.

// Messages are split by area (one file per namespace and language) so each part of the app keeps
// its own strings; they are joined here into the object next-intl reads, `core` at the top level.

export async function loadMessages(locale: Locale): Promise<Record<string, unknown>> {
  const load = async (name: string) =>
    ((await import(`./messages/${locale}/${name}.json`)) as { default: Record<string, unknown> })
      .default;
  const [core, ...parts] = await Promise.all(["core", ...MESSAGE_NAMESPACES].map(load));
  return { ...core, ...Object.fromEntries(MESSAGE_NAMESPACES.map((name, i) => [name, parts[i]])) };
}

export default getRequestConfig(async () => {
  const requestHeaders = await headers();
  const locale = resolveLocale(
    requestHeaders.get("x-locale"),
    requestHeaders.get("accept-language"),
  );
  return { locale, messages: await loadMessages(locale) };
});
