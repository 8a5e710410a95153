import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, resolveLocale } from "@/lib/i18n/locales";

describe("resolveLocale", () => {
  it("prefers ?lang= over the browser's languages", () => {
    expect(resolveLocale("ja", "zh-CN,zh;q=0.9")).toBe("ja");
    expect(resolveLocale("zh-Hans", "en")).toBe("zh-Hans");
    expect(resolveLocale("xx", "ja-JP,en;q=0.5")).toBe("ja");
  });

  it("ranks Accept-Language by q and falls back to English", () => {
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,ja;q=0.8,en;q=0.7")).toBe("ja");
    expect(localeFromAcceptLanguage("en;q=0.4,zh-CN;q=0.9")).toBe("zh-Hans");
    expect(localeFromAcceptLanguage("de, fr;q=0")).toBeNull();
    expect(resolveLocale(null, "de")).toBe("en");
    expect(resolveLocale(undefined, undefined)).toBe("en");
  });
});
