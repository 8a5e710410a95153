// Reads which field a rejected submission (400 invalid_form_data) names, so the message can be
// shown next to that field. Dify says so only in English text, so this parsing lives with the
// upstream's other knowledge; the app's own 400s name their fields by `issues[].path`, which is
// read first. Messages, e.g. `Missing required inputs: a, b` or `Invalid value for select input
// 'tone': ...`; a rejected run start (400 invalid_param) the same way, e.g. `topic is required in
// input form`.

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
