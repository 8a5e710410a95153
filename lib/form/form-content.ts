// Splits a form's Markdown on its `{{#$output.name#}}` markers so each field is drawn in place.

const MARKER = /\{\{#\$output\.([a-zA-Z_][a-zA-Z0-9_]{0,29})#\}\}/g;

export type ContentSegment = { kind: "markdown"; text: string } | { kind: "field"; name: string };

/** Markdown and field segments in order: each input once, at its first marker, else appended. */
export function splitFormContent(content: string, inputNames: readonly string[]): ContentSegment[] {
  const known = new Set(inputNames);
  const placed = new Set<string>();
  const segments: ContentSegment[] = [];
  let last = 0;
  for (const match of content.matchAll(MARKER)) {
    const name = match[1]!;
    const text = content.slice(last, match.index);
    if (text.trim()) segments.push({ kind: "markdown", text });
    last = match.index + match[0].length;
    if (known.has(name) && !placed.has(name)) {
      placed.add(name);
      segments.push({ kind: "field", name });
    }
  }
  const rest = content.slice(last);
  if (rest.trim()) segments.push({ kind: "markdown", text: rest });
  for (const name of inputNames) {
    if (!placed.has(name)) segments.push({ kind: "field", name });
  }
  return segments;
}

/** Whether Markdown's last line says the label already (a heading "Draft" above `draft`). */
export function saysLabel(markdown: string, label: string): boolean {
  const last = markdown.trimEnd().split("\n").pop() ?? "";
  const words = (text: string) =>
    text
      .replace(/^\s{0,3}#{1,6}\s+/, "")
      .replace(/[*_`]/g, "")
      .replace(/[:：]\s*$/, "")
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();
  return label.trim() !== "" && words(last) === words(label);
}

/** `cover_image` → "Cover image", `finalNotes` → "Final notes". */
export function labelFromName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\s]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}
