import { describe, expect, it } from "vitest";
import { labelFromName, saysLabel, splitFormContent } from "@/lib/form/form-content";

describe("splitFormContent", () => {
  it("puts each field where its marker stands", () => {
    const content = "# Review\n\nDraft:\n{{#$output.draft#}}\n\nTone: {{#$output.tone#}} done";
    expect(splitFormContent(content, ["draft", "tone"])).toEqual([
      { kind: "markdown", text: "# Review\n\nDraft:\n" },
      { kind: "field", name: "draft" },
      { kind: "markdown", text: "\n\nTone: " },
      { kind: "field", name: "tone" },
      { kind: "markdown", text: " done" },
    ]);
  });

  it("drops markers naming no input and appends inputs without a marker", () => {
    expect(splitFormContent("Hi {{#$output.ghost#}} there", ["notes"])).toEqual([
      { kind: "markdown", text: "Hi " },
      { kind: "markdown", text: " there" },
      { kind: "field", name: "notes" },
    ]);
  });

  it("places a field once even when its marker repeats", () => {
    expect(splitFormContent("{{#$output.a#}}{{#$output.a#}}", ["a"])).toEqual([
      { kind: "field", name: "a" },
    ]);
  });

  it("ignores text that only looks like a marker", () => {
    expect(splitFormContent("{{#$output.1bad#}}", [])).toEqual([
      { kind: "markdown", text: "{{#$output.1bad#}}" },
    ]);
  });
});

describe("labelFromName", () => {
  it.each([
    ["cover_image", "Cover image"],
    ["finalNotes", "Final notes"],
    ["tone", "Tone"],
  ])("%s → %s", (name, label) => expect(labelFromName(name)).toBe(label));
});

describe("saysLabel", () => {
  it("finds the label's words in the last line right above a field, as a heading or bold text", () => {
    expect(saysLabel("Please review.\n\n## Draft\n\n", "Draft")).toBe(true);
    expect(saysLabel("**Final notes:**", "Final notes")).toBe(true);
    expect(saysLabel("# Cover  image", "Cover image")).toBe(true);
  });
  it("keeps the label when the text above says something else", () => {
    expect(saysLabel("## Draft\n\nEdit the text below.", "Draft")).toBe(false);
    expect(saysLabel("## Drafts", "Draft")).toBe(false);
    expect(saysLabel("", "")).toBe(false);
  });
});
