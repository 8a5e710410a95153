import { describe, expect, it } from "vitest";
import { FILE_TYPE_CASES } from "@/lib/tools/test/file-type-cases";
import { chooseFileType, detectFileType, isFileTypeAllowed } from "./detect-file-type";

describe("detectFileType", () => {
  it.each(FILE_TYPE_CASES)(
    "$extension / $mimeType: $before before 0.7.0, $since since",
    ({ extension, mimeType, before, since }) => {
      expect(detectFileType("before-0.7", { extension, mimeType })).toBe(before);
      expect(detectFileType("since-0.7", { extension, mimeType })).toBe(since);
    },
  );

  it("finds every list by extension, with or without its dot", () => {
    expect(detectFileType("since-0.7", { extension: ".svg" })).toBe("image");
    expect(detectFileType("since-0.7", { extension: "MPGA" })).toBe("audio");
    expect(detectFileType("since-0.7", { extension: "webm" })).toBe("video");
    expect(detectFileType("since-0.7", { extension: "epub", mimeType: "image/png" })).toBe(
      "document",
    );
  });
});

// The type the app sends for a file (extension as the server stores it, MIME type, the field's
// settings), and whether each generation takes it: `both`, `newest` (an older server decides and
// may refuse), or `none` (refused before the upload).
const DOCS = { allowedTypes: ["document"], allowedExtensions: [] };
const CUSTOM = (ext: string) => ({
  allowedTypes: ["custom"],
  allowedExtensions: [ext],
});
const DOCS_AND = (ext: string) => ({
  allowedTypes: ["document", "custom"],
  allowedExtensions: [ext],
});

describe("chooseFileType", () => {
  it.each([
    ["pdf", "application/pdf", DOCS, { verdict: "both", type: "document" }],
    // Every server builds the file and refuses `custom` for a file it detects as a document.
    ["pdf", "application/pdf", CUSTOM(".pdf"), { verdict: "none", detected: "document" }],
    ["log", "text/plain", CUSTOM(".log"), { verdict: "none", detected: "document" }],
    ["log", "", CUSTOM(".log"), { verdict: "both", type: "custom" }],
    ["pdf", "application/pdf", CUSTOM(".zip"), { verdict: "none", detected: "document" }],
    [
      "dotx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
      DOCS,
      { verdict: "newest", type: "document" },
    ],
    // An older server takes it as `custom`, the newest as a document: one mapping, one type.
    [
      "dotx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
      DOCS_AND(".dotx"),
      { verdict: "newest", type: "document" },
    ],
    [
      "dotx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
      CUSTOM(".dotx"),
      { verdict: "older", type: "custom" },
    ],
    // Only an older server takes it: sent as that server takes it, not refused.
    [
      "ott",
      "application/vnd.oasis.opendocument.text-template",
      DOCS,
      { verdict: "older", type: "document" },
    ],
    ["", "application/x-pdf", DOCS, { verdict: "older", type: "document" }],
    ["dot", "application/vnd.ms-word.template.text", DOCS, { verdict: "older", type: "document" }],
    ["dot", "application/x-msword-template", DOCS, { verdict: "none", detected: "custom" }],
    // Lists are matched exactly as written, in every generation: `.OTT`, `zip` and `.LOG` match
    // no file.
    [
      "ott",
      "application/vnd.oasis.opendocument.text-template",
      CUSTOM(".OTT"),
      { verdict: "none", detected: "custom" },
    ],
    ["log", "", CUSTOM(".LOG"), { verdict: "none", detected: "custom" }],
    ["zip", "application/zip", CUSTOM("zip"), { verdict: "none", detected: "custom" }],
    ["zip", "application/zip", CUSTOM(".zip"), { verdict: "both", type: "custom" }],
    ["odt", "", DOCS, { verdict: "newest", type: "document" }],
    ["png", "image/png", DOCS, { verdict: "none", detected: "image" }],
  ] as const)("%s + %s → %j", (extension, mimeType, field, expected) => {
    expect(chooseFileType({ extension, mimeType }, field)).toEqual(expected);
  });
});

describe("isFileTypeAllowed", () => {
  const field = (types: string[], extensions: string[] = []) => ({
    allowedTypes: types,
    allowedExtensions: extensions,
  });

  it("takes a listed type, and every type when the list is empty", () => {
    expect(isFileTypeAllowed("document", "pdf", field(["document"]))).toBe(true);
    expect(isFileTypeAllowed("image", "png", field(["document"]))).toBe(false);
    expect(isFileTypeAllowed("video", "mp4", field([]))).toBe(true);
  });

  it("takes `custom` only with its extension on the list, exactly as written", () => {
    expect(isFileTypeAllowed("custom", "zip", field(["custom"], [".zip"]))).toBe(true);
    expect(isFileTypeAllowed("custom", "ZIP", field(["custom"], [".zip"]))).toBe(false);
    expect(isFileTypeAllowed("custom", "zip", field(["custom"], [".ZIP"]))).toBe(false);
    expect(isFileTypeAllowed("custom", "zip", field(["custom"], ["zip"]))).toBe(false);
    expect(isFileTypeAllowed("custom", "rar", field(["custom"], [".zip"]))).toBe(false);
    expect(isFileTypeAllowed("custom", "zip", field(["custom"], []))).toBe(false);
    expect(isFileTypeAllowed("custom", "", field(["custom"], [".zip"]))).toBe(false);
  });

  it("refuses a PDF sent as a document for a custom + .pdf field", () => {
    expect(isFileTypeAllowed("document", "pdf", field(["custom"], [".pdf"]))).toBe(false);
  });
});
