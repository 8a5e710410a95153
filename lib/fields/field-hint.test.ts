import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { fieldHint } from "@/lib/fields/field-hint";
import type { FieldSpec } from "@/lib/fields/field-spec";
import type { HintWords } from "@/lib/files/file-kinds";
import type { UploadLimits } from "@/lib/files/upload-limits";
import fields from "@/lib/i18n/messages/en/fields.json";
import form from "@/lib/i18n/messages/en/form.json";

// The hint is said by the form page's server and by the launcher's browser, from the same words.

const inEnglish = createTranslator({ locale: "en", messages: { fields, form } });
const words: HintWords = {
  t: (key, values) => inEnglish(key as never, values as never),
  locale: "en",
};
const MB = 1024 * 1024;
const limits: UploadLimits = {
  imageBytes: 10 * MB,
  videoBytes: 100 * MB,
  audioBytes: 50 * MB,
  documentBytes: 15 * MB,
};
const base = { name: "f", label: "F", required: false };

describe("fieldHint", () => {
  it("says a file list's count, kinds, sizes and ways in one sentence", () => {
    const field: FieldSpec = {
      ...base,
      kind: "file-list",
      maxFiles: 3,
      allowedTypes: ["image", "document", "custom"],
      allowedExtensions: [".csv"],
      methods: ["local_file"],
    };
    expect(fieldHint(field, limits, words)).toBe(
      "Up to 3 files (images, documents, .csv); images up to 10 MB, documents up to 15 MB, others up to 15 MB. Uploads only.",
    );
  });

  it("says one file, and a length in the page's number format", () => {
    const file: FieldSpec = {
      ...base,
      kind: "file",
      allowedTypes: ["audio"],
      allowedExtensions: [],
      methods: ["local_file", "remote_url"],
    };
    expect(fieldHint(file, limits, words)).toBe("One file (audio files); audio files up to 50 MB.");
    const text: FieldSpec = { ...base, kind: "paragraph", defaultValue: "", maxLength: 12000 };
    expect(fieldHint(text, limits, words)).toBe("Up to 12,000 characters.");
    expect(fieldHint({ ...text, maxLength: null }, limits, words)).toBeNull();
  });
});
