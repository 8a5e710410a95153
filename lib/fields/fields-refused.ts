import type { ApiClientError } from "@/lib/client/api-client-error";
import { fieldsNamedIn } from "@/lib/dify/submission-error-field";

/** The fields a refusal names: the app's by path (`inputs.<name>…`), Dify's in its message. */
export function fieldsRefused(error: ApiClientError, fieldNames: readonly string[]): string[] {
  const named = error.issues.flatMap(({ path }) => {
    const [root, name] = path.split(".");
    return root === "inputs" && name !== undefined && fieldNames.includes(name) ? [name] : [];
  });
  return named.length > 0 ? [...new Set(named)] : fieldsNamedIn(error.message, fieldNames);
}
