// Which fields a rejected submission or run start names, which Dify says only in English text:
// `Missing required inputs: a, b`, `Invalid value for select input 'tone': ...`, `topic is
// required in input form`.

export function fieldsNamedIn(message: string, knownFields: readonly string[]): string[] {
  const known = new Set(knownFields);
  const missing = /^Missing required inputs?:\s*(.+)$/i.exec(message);
  if (missing) {
    return missing[1]!
      .split(",")
      .map((name) => name.trim())
      .filter((name) => known.has(name));
  }
  const start = /^([A-Za-z_][A-Za-z0-9_]*) (?:is required )?in input form\b/.exec(message);
  if (start && known.has(start[1]!)) return [start[1]!];
  const quoted = /input '([^']+)'/i.exec(message) ?? /input "([^"]+)"/i.exec(message);
  if (quoted && known.has(quoted[1]!)) return [quoted[1]!];
  return [];
}
