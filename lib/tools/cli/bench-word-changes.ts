import { compareWords } from "@/lib/review/word-changes";

// How long "Changes" takes on a long draft, and the longest stretch it holds the event loop (what
// a person would feel as a frozen page): a 10,000-word Markdown draft with one word in twenty
// (then in eighty) edited and a paragraph moved, and a Japanese draft of the same length in characters.
// Run: npx tsx lib/tools/cli/bench-word-changes.ts

const WORDS = 10_000;
// Words with their Markdown: with the "## Part n" headings, the draft has just over 10,000 words.
const VOCABULARY = (
  "the review draft model output should read clearly and state each claim with its source while " +
  "keeping **bold** terms, `code`, [links](https://example.com) and lists short"
).split(" ");

function englishDraft(editEvery: number): { before: string; after: string } {
  const words = Array.from(
    { length: WORDS - 39 },
    (_, index) => VOCABULARY[(index * 7) % VOCABULARY.length]!,
  );
  const paragraphs: string[] = [];
  for (let start = 0; start < words.length; start += 80) {
    paragraphs.push(words.slice(start, start + 80).join(" "));
  }
  const before = paragraphs
    .map((text, index) => (index % 10 === 0 ? `## Part ${index}\n\n` : "") + text)
    .join("\n\n");
  const edited = paragraphs.map((text) =>
    text
      .split(" ")
      .map((word, index) => (index % editEvery === 3 ? `${word}ed` : word))
      .join(" "),
  );
  // A paragraph moved to the end.
  edited.push(...edited.splice(10, 1));
  return { before, after: edited.join("\n\n") };
}

function japaneseDraft(): { before: string; after: string } {
  const sentence = "今日は新しい製品の説明を丁寧に書き直しました。";
  const before = Array.from({ length: WORDS / 10 }, () => sentence).join("");
  const after = before.replaceAll("丁寧に", "簡潔に");
  return { before, after };
}

async function measure(name: string, before: string, after: string, locale: string) {
  let longestStallMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestStallMs = Math.max(longestStallMs, now - last);
    last = now;
  }, 0);
  const started = performance.now();
  const result = await compareWords(before, after, locale);
  const totalMs = performance.now() - started;
  clearInterval(ticker);
  longestStallMs = Math.max(longestStallMs, performance.now() - last);
  console.log(
    `${name}: ${totalMs.toFixed(0)} ms in all, longest stall ${longestStallMs.toFixed(0)} ms, ` +
      `${result.added} added / ${result.removed} removed`,
  );
}

async function main() {
  for (const editEvery of [20, 80]) {
    const english = englishDraft(editEvery);
    const words = english.before.split(/\s+/).length;
    await measure(
      `en, ${words} words, 1 in ${editEvery} edited`,
      english.before,
      english.after,
      "en",
    );
  }
  const japanese = japaneseDraft();
  await measure(`ja, ${japanese.before.length} characters`, japanese.before, japanese.after, "ja");
}

void main();
