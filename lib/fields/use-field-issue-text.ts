import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { decodeFieldIssue } from "@/lib/fields/field-issue";

/**
 * A field error in the page's language: a schema problem (a message key with its parameters) is
 * translated here, when it is shown; any other text (a server's message) is shown as it is.
 */
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
