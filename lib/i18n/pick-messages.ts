/** The message files beside `core` (whose words sit at the top level): one per area of the app. */
export const MESSAGE_NAMESPACES = [
  "form",
  "run",
  "launcher",
  "knowledge",
  "fields",
  "inbox",
] as const;
export type MessageNamespace = (typeof MESSAGE_NAMESPACES)[number];

const isNamespace = (key: string): key is MessageNamespace =>
  (MESSAGE_NAMESPACES as readonly string[]).includes(key);

/** The core words and those of `areas`, out of all the messages of a language. */
export function pickMessages(
  all: Record<string, unknown>,
  areas: readonly MessageNamespace[],
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => !isNamespace(key) || areas.includes(key)),
  );
}
