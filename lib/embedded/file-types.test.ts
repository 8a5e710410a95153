import { describe, expect, it } from "vitest";
import { FILE_TYPE_CASES } from "@/lib/tools/test/file-type-cases";
import { detectFileType, isFileAllowed, resolveFileType, sizeCategoryOf } from "./file-types";

describe("detectFileType", () => {
  it.each(FILE_TYPE_CASES)(
    "$extension / $mimeType: $before before 0.7.0, $since since",
    ({ extension, mimeType, before, since }) => {
      expect(detectFileType("before-0.7", { extension, mimeType })).toBe(before);
      expect(detectFileType("since-0.7", { extension, mimeType })).toBe(since);
    },
  );
});

describe("resolveFileType", () => {
  // Strict builds refuse `custom` for a file detected as another type, like any other mismatch.
  it.each([
    ["before-0.7", "document", "custom", "refused"],
    ["before-0.7", "document", "document", "document"],
    ["before-0.7", "document", undefined, "refused"],
    ["before-0.7", "custom", undefined, "custom"],
    ["since-0.7", "document", "custom", "refused"],
    ["since-0.7", "document", "image", "refused"],
    ["since-0.7", "document", undefined, "document"],
    ["since-0.7", "custom", "custom", "custom"],
  ] as const)("%s: detected %s, sent %s → %s", (generation, detected, sent, expected) => {
    const resolved = resolveFileType(generation, detected, sent);
    expect("refused" in resolved ? "refused" : resolved.type).toBe(expected);
  });
});

describe("isFileAllowed", () => {
  const customLog = { allowed_file_types: ["custom"], allowed_file_extensions: [".LOG"] };
  // `file_extension not in allowed_file_extensions`: exact, in every version.
  it.each([
    ["since-0.7", ".log", [".LOG"], false],
    ["since-0.7", ".log", ["log"], false],
    ["since-0.7", ".log", [".log"], true],
    ["since-0.7", ".LOG", [".LOG"], true],
    ["since-0.7", "log", [".log"], false],
    ["before-0.7", "log", [".LOG"], false],
    ["before-0.7", "log", ["log"], false],
    ["before-0.7", "log", [".log"], true],
  ] as const)("%s: custom %s against %j → %s", (generation, extension, list, expected) => {
    const field = { ...customLog, allowed_file_extensions: list };
    expect(isFileAllowed(generation, { type: "custom", extension }, field)).toBe(expected);
  });
  it("takes every type for an empty type list, and no custom file without listed extensions", () => {
    const open = { allowed_file_types: [], allowed_file_extensions: [] };
    expect(isFileAllowed("since-0.7", { type: "video", extension: "mp4" }, open)).toBe(true);
    expect(isFileAllowed("since-0.7", { type: "custom", extension: "zip" }, open)).toBe(false);
    expect(isFileAllowed("since-0.7", { type: "custom", extension: "" }, customLog)).toBe(false);
  });
});

describe("sizeCategoryOf", () => {
  it("picks an upload's size category by its extension, documents for the rest", () => {
    expect(sizeCategoryOf("MP4")).toBe("video");
    expect(sizeCategoryOf("zip")).toBe("document");
  });
});
