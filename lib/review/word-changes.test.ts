import { describe, expect, it } from "vitest";
import { compareWords } from "@/lib/review/word-changes";

/** The text the parts show as it is now (without what was removed). */
const current = (parts: { kind: string; text: string }[]) =>
  parts
    .filter((part) => part.kind !== "removed")
    .map((part) => part.text)
    .join("");
const changed = (parts: { kind: string; text: string }[]) =>
  parts.filter((part) => part.kind !== "same").map((part) => [part.kind, part.text]);

describe("compareWords", () => {
  it("finds an inserted word", async () => {
    const result = await compareWords("The quick fox", "The quick red fox", "en");
    expect(changed(result.parts)).toEqual([["added", "red "]]);
    expect(result).toMatchObject({ added: 1, removed: 0 });
    expect(current(result.parts)).toBe("The quick red fox");
  });

  it("finds a deleted word", async () => {
    const result = await compareWords("The quick brown fox", "The quick fox", "en");
    expect(changed(result.parts)).toEqual([["removed", "brown "]]);
    expect(result).toMatchObject({ added: 0, removed: 1 });
  });

  it("shows a moved sentence as removed where it was and added where it is", async () => {
    const result = await compareWords(
      "Alpha opens the list. Beta comes next. Gamma ends it.",
      "Beta comes next. Gamma ends it. Alpha opens the list.",
      "en",
    );
    expect(changed(result.parts).map(([kind, text]) => [kind, text!.trim()])).toEqual([
      ["removed", "Alpha opens the list."],
      ["added", "Alpha opens the list."],
    ]);
    expect(result).toMatchObject({ added: 4, removed: 4 });
  });

  it("counts punctuation beside a word as part of it, and markup on its own as a change", async () => {
    expect(await compareWords("We ship.", "We ship. Thanks!", "en")).toMatchObject({ added: 1 });
    expect(await compareWords("We ship.", "We ship. - **", "en")).toMatchObject({ added: 2 });
  });

  it("counts a change of spacing alone as no change", async () => {
    const result = await compareWords("One  two\nthree", "One two three", "en");
    expect(changed(result.parts)).toEqual([]);
    expect(result).toMatchObject({ added: 0, removed: 0 });
    // What is shown is the current text, with its own spacing.
    expect(current(result.parts)).toBe("One two three");
  });

  it("compares Markdown markup like words: removing bold is one change each side", async () => {
    const result = await compareWords("Make it **bold** now", "Make it bold now", "en");
    expect(changed(result.parts)).toEqual([
      ["removed", "**"],
      ["removed", "**"],
    ]);
    expect(result).toMatchObject({ added: 0, removed: 2 });
  });

  it("compares a heading's level without touching its words", async () => {
    const result = await compareWords("## Summary\n\nText", "# Summary\n\nText", "en");
    expect(changed(result.parts)).toEqual([["removed", "#"]]);
  });

  it("compares Japanese by word, not by line", async () => {
    const result = await compareWords("今日は良い天気です。", "今日は悪い天気です。", "ja");
    expect(changed(result.parts)).toEqual([
      ["removed", "良い"],
      ["added", "悪い"],
    ]);
    expect(result).toMatchObject({ added: 1, removed: 1 });
  });

  it("compares Chinese by word, not by line", async () => {
    const result = await compareWords("我们今天去公园散步。", "我们明天去公园散步。", "zh-Hans");
    expect(changed(result.parts)).toEqual([
      ["removed", "今天"],
      ["added", "明天"],
    ]);
  });

  it("keeps long texts whole across the pieces it segments them in", async () => {
    const before = Array.from({ length: 2_000 }, (_, index) => `word${index}`).join(" ");
    const after = before.replace("word1500 ", "");
    const result = await compareWords(before, after, "en");
    expect(changed(result.parts)).toEqual([["removed", "word1500 "]]);
    expect(current(result.parts)).toBe(after);
  });

  it("shows texts too different to compare in time as one removal and one addition", async () => {
    const before = Array.from({ length: 3_000 }, (_, index) => `a${index}`).join(" ");
    const after = Array.from({ length: 3_000 }, (_, index) => `b${index}`).join(" ");
    const result = await compareWords(before, after, "en", { timeoutMs: 1 });
    expect(result.parts).toEqual([
      { kind: "removed", text: before },
      { kind: "added", text: after },
    ]);
    expect(result).toMatchObject({ added: 3_000, removed: 3_000 });
  });
});
