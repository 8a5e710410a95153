import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { decodeFieldIssue } from "@/lib/fields/field-issue";

// Not beside the issues' encoding (field-issue.ts): the answers' schema takes that into its chunk,
// which then brings no translator with it.

/** A field error in the page's language: a schema problem translated, any other text as it is. */
export function useFieldIssueText() {
  const t = useTranslations("fields.issues");
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return message;
      const issue = decodeFieldIssue(message);
      return issue ? t(issue.key, issue.values) : message;
    },
    [t],
  );
}
