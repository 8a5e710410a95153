import type { ApiClientError } from "@/lib/client/api-client-error";
import { fieldsNamedIn } from "@/lib/dify/submission-error-field";

/**
 * The fields a refused answer or start is about: the app's own refusals name each by its path
 * (`inputs.<name>…`), Dify's only in its English message.
 */
export function fieldsRefused(error: ApiClientError, fieldNames: readonly string[]): string[] {
  const named = error.issues.flatMap(({ path }) => {
    const [root, name] = path.split(".");
    return root === "inputs" && name !== undefined && fieldNames.includes(name) ? [name] : [];
  });
  return named.length > 0 ? [...new Set(named)] : fieldsNamedIn(error.message, fieldNames);
}
