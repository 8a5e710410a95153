import { isRecord } from "@/lib/ids/is-record";

/** The object a JSON field's text holds, or why it holds none. */
export function parseJsonObject(
  text: string,
): { object: Record<string, unknown> } | { syntax: string } | { notObject: true } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { syntax: error instanceof Error ? error.message : String(error) };
  }
  return isRecord(value) ? { object: value } : { notObject: true };
}

export const filled = (value: string) => value.trim().length > 0;
