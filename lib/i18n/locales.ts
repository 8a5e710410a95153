// The languages of the app, and how a request picks one: `?lang=` first, then Accept-Language.

export const LOCALES = ["en", "zh-Hans", "ja"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Maps a language tag to a supported locale: `zh`, `zh-CN`, `zh-Hans-CN` → zh-Hans, `ja-JP` → ja. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split("-")[0];
  if (base === "en" || base === "ja") return base;
  // Traditional Chinese is not offered; Simplified is the closer fallback than English.
  return base === "zh" ? "zh-Hans" : null;
}

/** The best supported locale of an Accept-Language header, by its q-values. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag ?? "", q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map(({ tag }) => matchLocale(tag)).find((locale) => locale !== null) ?? null;
}

export function resolveLocale(
  langParam: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  return matchLocale(langParam) ?? localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
