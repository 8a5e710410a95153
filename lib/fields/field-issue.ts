import type english from "@/lib/i18n/messages/en/fields.json";

// A field's problem as a message key and its parameters, never a sentence: the schema runs on the
// server (English) and in the browser (the page's language).

export type FieldIssueValues = Record<string, string | number>;

export type FieldIssueKey = keyof typeof english.issues;

/** Turns a key and its parameters into the text a zod issue carries. */
export type SayIssue = (key: FieldIssueKey, values?: FieldIssueValues) => string;

// A character no field label or server message holds, so a key is never mistaken for a sentence.
const MARK = "\u2063field-issue:";

/** The browser's `SayIssue`: the key and parameters themselves, translated when shown. */
export const encodeFieldIssue: SayIssue = (key, values = {}) =>
  `${MARK}${JSON.stringify([key, values])}`;

/** The key and parameters in an encoded issue, or null for any other text (a server's message). */
export function decodeFieldIssue(message: string) {
  if (!message.startsWith(MARK)) return null;
  try {
    const parsed: unknown = JSON.parse(message.slice(MARK.length));
    if (!Array.isArray(parsed) || typeof parsed[0] !== "string") return null;
    const values: unknown = parsed[1];
    return {
      key: parsed[0] as FieldIssueKey,
      values: values && typeof values === "object" ? (values as FieldIssueValues) : {},
    };
  } catch {
    return null;
  }
}
