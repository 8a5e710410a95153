import { describe, expect, it } from "vitest";
import { readReceipt, receiptOf } from "@/lib/form/form-receipt";
import { receiptMarkdown } from "@/lib/form/receipt-markdown";
import type { FieldSpec } from "@/lib/fields/field-spec";

const fields = [
  { name: "draft", label: "Draft", kind: "paragraph", required: true, defaultValue: "" },
  { name: "tone", label: "Tone", kind: "select", required: true, options: ["A"], defaultValue: "" },
  { name: "cover", label: "Cover", kind: "file", required: false },
] as unknown as FieldSpec[];

const receipt = receiptOf(
  { id: "approve", title: "Approve", style: "primary" },
  fields,
  {
    draft: "Text with ``` a fence",
    tone: "A",
    cover: [{ source: "remote", url: "https://x.test/c.png", name: "c.png", type: "image" }],
  },
  null,
  Date.UTC(2026, 0, 2, 3, 4),
);

describe("receipts", () => {
  it("keeps each field's value, choice and file names", () => {
    expect(receipt.fields).toEqual([
      { label: "Draft", value: "Text with ``` a fence" },
      { label: "Tone", value: "A" },
      { label: "Cover", files: ["c.png"] },
    ]);
  });

  it("reads back what it stored, and nothing else", () => {
    expect(readReceipt(JSON.parse(JSON.stringify(receipt)))).toEqual(receipt);
    expect(readReceipt({ ...receipt, version: 2 })).toBeNull();
    expect(readReceipt({ ...receipt, fields: [{ label: "x", value: 1 }] })).toBeNull();
  });

  it("writes Markdown whose values cannot break out of their fences", () => {
    const markdown = receiptMarkdown(receipt, {
      title: "Receipt",
      action: "Action",
      sentAt: "Sent",
      when: "2 Jan 2026",
      outcome: "Run finished",
      noFiles: "No files",
    });
    expect(markdown).toContain("````\nText with ``` a fence\n````");
    expect(markdown).toContain("- Action: **Approve**");
    expect(markdown).toContain("- c\\.png");
  });
});
