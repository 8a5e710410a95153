import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/request";

// Every language has every key (and nothing more), so no screen falls back to a raw key, and
// every translation keeps the English placeholders.

function flatten(messages: Record<string, unknown>, prefix = ""): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).flatMap(([key, value]) =>
      value && typeof value === "object"
        ? Object.entries(flatten(value as Record<string, unknown>, `${prefix}${key}.`))
        : [[`${prefix}${key}`, String(value)]],
    ),
  );
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]!))].sort();
}

function tags(text: string): string[] {
  return [...new Set([...text.matchAll(/<(\w+)>/g)].map((match) => match[1]!))].sort();
}

describe("messages", () => {
  it.each(LOCALES.filter((locale) => locale !== "en"))(
    "%s has exactly the English keys, none empty, with the same placeholders and tags",
    async (locale) => {
      const english = flatten(await loadMessages("en"));
      const other = flatten(await loadMessages(locale));
      expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(other[key]!.trim(), key).not.toBe("");
        expect(placeholders(other[key]!), key).toEqual(placeholders(text));
        expect(tags(other[key]!), key).toEqual(tags(text));
      }
    },
  );
});
