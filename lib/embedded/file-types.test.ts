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
  it("refuses any mismatch before 0.7.0, and takes custom as sent since", () => {
    expect(resolveFileType("before-0.7", "document", "custom")).toHaveProperty("refused");
    expect(resolveFileType("before-0.7", "document", "document")).toEqual({ type: "document" });
    expect(resolveFileType("since-0.7", "document", "custom")).toEqual({ type: "custom" });
    expect(resolveFileType("since-0.7", "document", "image")).toHaveProperty("refused");
  });
});

describe("isFileAllowed", () => {
  const customLog = { allowed_file_types: ["custom"], allowed_file_extensions: [".LOG"] };
  it("matches a custom file's extension case- and dot-insensitively since 0.7.0 only", () => {
    expect(isFileAllowed("since-0.7", { type: "custom", extension: "log" }, customLog)).toBe(true);
    expect(isFileAllowed("before-0.7", { type: "custom", extension: "log" }, customLog)).toBe(
      false,
    );
    expect(
      isFileAllowed(
        "before-0.7",
        { type: "custom", extension: "log" },
        {
          ...customLog,
          allowed_file_extensions: [".log"],
        },
      ),
    ).toBe(true);
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
