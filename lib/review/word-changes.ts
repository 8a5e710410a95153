import { diffArrays } from "diff";

// A paragraph against its suggested draft, word by word in the page's language (Intl.Segmenter,
// so Japanese and Chinese compare by word). Markup counts as a word; spacing alone is no change.

export type WordPart = { kind: "same" | "added" | "removed"; text: string };

export type WordChanges = {
  parts: WordPart[];
  /** Words and markup runs added and removed (whitespace is never counted). */
  added: number;
  removed: number;
};

type Token = { text: string; space: boolean; word: boolean };

// V8 segments one long string in time that grows with its length squared; pieces of a few hundred
// characters, cut at whitespace or a full stop, keep it linear.
const PIECE = 256;
const BREAK = /[\s。．！？、，]/g;

function* pieces(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    BREAK.lastIndex = Math.min(text.length, start + PIECE);
    const hit = BREAK.exec(text);
    const end = hit ? hit.index + 1 : text.length;
    yield text.slice(start, end);
    start = end;
  }
}

/** The text's words, punctuation and whitespace runs, in order (joined, they are the text). */
export function wordTokens(text: string, segmenter: Intl.Segmenter): Token[] {
  const tokens: Token[] = [];
  for (const piece of pieces(text)) {
    for (const { segment, isWordLike } of segmenter.segment(piece)) {
      const space = segment.trim() === "";
      const last = tokens[tokens.length - 1];
      // Runs of whitespace split across pieces join up again.
      if (space && last?.space) last.text += segment;
      else tokens.push({ text: segment, space, word: Boolean(isWordLike) });
    }
  }
  return tokens;
}

function push(parts: WordPart[], kind: WordPart["kind"], text: string) {
  const last = parts[parts.length - 1];
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** Each word counts, and each stretch between spaces holding markup alone; "Thanks!" is one. */
function countChanges(tokens: readonly Token[]): number {
  let count = 0;
  let words = 0;
  let markup = false;
  const endStretch = () => {
    count += words || (markup ? 1 : 0);
    words = 0;
    markup = false;
  };
  for (const token of tokens) {
    if (token.space) endStretch();
    else if (token.word) words += 1;
    else markup = true;
  }
  endStretch();
  return count;
}

// Sentences are compared first and only changed ones word by word, so a long draft with a few
// edits costs little; the work yields to the browser every few milliseconds.
const REGION_CHARS = 8_000;
const UNIT_EDITS = 200;
const SLICE_MS = 12;

/** Sentences and lines, each with the whitespace after it (joined, they are the text). */
const splitUnits = (text: string) =>
  text.match(/[^\n.!?。！？]*(?:[.!?。！？]+[^\S\n]*|\n|$)/g)?.filter(Boolean) ?? [];
const normalized = (unit: string) => unit.trim().split(/\s+/).join(" ");
const tokensEqual = (a: Token, b: Token) => (a.space && b.space) || a.text === b.text;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Texts too different to compare within `timeoutMs` show as one removal and one addition. */
export async function compareWords(
  before: string,
  after: string,
  locale: string,
  { timeoutMs = 200 }: { timeoutMs?: number } = {},
): Promise<WordChanges> {
  const segmenter = new Intl.Segmenter(locale, { granularity: "word" });
  const result: WordChanges = { parts: [], added: 0, removed: 0 };
  let sliceStart = performance.now();
  const yieldWhenDue = async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await nextTask();
    sliceStart = performance.now();
  };
  const oldUnits = splitUnits(before);
  const newUnits = splitUnits(after);
  // Compared by their words, so a change of spacing alone keeps a sentence the same. Past
  // UNIT_EDITS changed sentences the whole text is one region, compared sentence by sentence.
  const units = diffArrays(oldUnits.map(normalized), newUnits.map(normalized), {
    maxEditLength: UNIT_EDITS,
  }) ?? [
    { value: oldUnits, count: oldUnits.length, removed: true, added: false },
    { value: newUnits, count: newUnits.length, removed: false, added: true },
  ];
  let oldAt = 0;
  let newAt = 0;
  for (let index = 0; index < units.length; index++) {
    const change = units[index]!;
    if (!change.added && !change.removed) {
      push(result.parts, "same", newUnits.slice(newAt, (newAt += change.count)).join(""));
      oldAt += change.count;
      continue;
    }
    // A removal and the addition right after it are one region; either may be absent.
    const removedCount = change.removed ? change.count : 0;
    const addedChange = change.added ? change : units[index + 1]?.added ? units[++index] : null;
    const removed = oldUnits.slice(oldAt, (oldAt += removedCount));
    const added = newUnits.slice(newAt, (newAt += addedChange?.count ?? 0));
    const removedText = removed.join("");
    const addedText = added.join("");
    // A short region as a whole (text moved across a sentence still matches), a long one by unit.
    const pairs =
      removedText.length + addedText.length <= REGION_CHARS
        ? [[removedText, addedText]]
        : Array.from({ length: Math.max(removed.length, added.length) }, (_, unit) => [
            removed[unit] ?? "",
            added[unit] ?? "",
          ]);
    for (const [old = "", next = ""] of pairs) {
      compareTokens(wordTokens(old, segmenter), wordTokens(next, segmenter), timeoutMs, result);
      await yieldWhenDue();
    }
  }
  return result;
}

function compareTokens(old: Token[], next: Token[], timeoutMs: number, result: WordChanges) {
  const changes = diffArrays(old, next, { comparator: tokensEqual, timeout: timeoutMs });
  if (!changes) {
    for (const token of old) push(result.parts, "removed", token.text);
    for (const token of next) push(result.parts, "added", token.text);
    result.removed += countChanges(old);
    result.added += countChanges(next);
    return;
  }
  for (const change of changes) {
    const kind = change.added ? "added" : change.removed ? "removed" : "same";
    if (kind === "added") result.added += countChanges(change.value);
    if (kind === "removed") result.removed += countChanges(change.value);
    // Kept tokens as they are now (a run of whitespace may differ from the suggestion's).
    for (const token of change.value) push(result.parts, kind, token.text);
  }
}
