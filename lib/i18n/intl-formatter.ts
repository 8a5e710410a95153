// Intl's formatters are costly to build (each loads its locale's data) and a render asks for the
// same few again and again, for every field: each is built once per locale and options. The
// locales are the app's own few; the cap only keeps a mistake from growing without end.
const KINDS = {
  DateTimeFormat: Intl.DateTimeFormat,
  ListFormat: Intl.ListFormat,
  NumberFormat: Intl.NumberFormat,
  RelativeTimeFormat: Intl.RelativeTimeFormat,
} as const;
type Kinds = typeof KINDS;
const MAX_KEPT = 200;
const built = new Map<string, unknown>();

/** The `Intl[kind]` formatter for this locale and these options, built at its first use. */
export function intlFormatter<K extends keyof Kinds>(
  kind: K,
  locale: string | undefined,
  options: ConstructorParameters<Kinds[K]>[1],
): InstanceType<Kinds[K]> {
  const key = `${kind}\n${locale ?? ""}\n${JSON.stringify(options)}`;
  let formatter = built.get(key);
  if (formatter === undefined) {
    if (built.size >= MAX_KEPT) built.clear();
    const Formatter = KINDS[kind] as new (locale?: string, options?: object) => unknown;
    formatter = new Formatter(locale, options);
    built.set(key, formatter);
  }
  return formatter as InstanceType<Kinds[K]>;
}
