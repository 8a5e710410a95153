// A variable name may be `__proto__` or `constructor`, which react-hook-form refuses as a path: a
// form's values hold each field under a key of its own (decision 057).

const KEY_PREFIX = "answer:";

/** Where a field's value is in a form's values. */
export function answerKey(name: string): string {
  return `${KEY_PREFIX}${name}`;
}

/** The variable name an answerKey stands for; undefined for any other key. */
export function answerName(key: string): string | undefined {
  return key.startsWith(KEY_PREFIX) ? key.slice(KEY_PREFIX.length) : undefined;
}

/** Values by variable name → a form's values. */
export function toFormValues<V>(byName: Record<string, V>): Record<string, V> {
  const values: Record<string, V> = {};
  for (const [name, value] of Object.entries(byName)) values[answerKey(name)] = value;
  return values;
}

/** A form's values → values by variable name, without a prototype (`__proto__` is an own key). */
export function fromFormValues<V>(values: Record<string, V>): Record<string, V> {
  const byName = Object.create(null) as Record<string, V>;
  for (const [key, value] of Object.entries(values)) {
    const name = answerName(key);
    if (name !== undefined) byName[name] = value;
  }
  return byName;
}
