import { createTranslator } from "next-intl";
import english from "@/lib/i18n/messages/en/fields.json";
import type { SayIssue } from "@/lib/fields/field-issue";

// The server checks values again with the same schema and answers in English, from the same
// messages the page uses. A few texts read better for a program calling the API (`api.*`).
let translate: ReturnType<typeof createEnglish> | undefined;

function createEnglish() {
  return createTranslator({ locale: "en", messages: { fields: english }, namespace: "fields" });
}

export const englishFieldIssue: SayIssue = (key, values = {}) => {
  translate ??= createEnglish();
  return key in english.api
    ? translate(`api.${key as keyof typeof english.api}`, values)
    : translate(`issues.${key}`, values);
};
