import { describe, expect, it } from "vitest";
import {
  detectFileType,
  detectUploadedFileType,
  guessRemoteFileType,
  isFileTypeAllowed,
} from "./detect-file-type";

describe("detectFileType", () => {
  it.each([
    // Each list, by extension.
    ["jpg", "", "image"],
    ["jpeg", "", "image"],
    ["png", "", "image"],
    ["webp", "", "image"],
    ["gif", "", "image"],
    ["svg", "", "image"],
    ["mp4", "", "video"],
    ["mov", "", "video"],
    ["mpeg", "", "video"],
    ["webm", "", "video"],
    ["mp3", "", "audio"],
    ["m4a", "", "audio"],
    ["wav", "", "audio"],
    ["amr", "", "audio"],
    ["mpga", "", "audio"],
    ...[
      "txt",
      "markdown",
      "md",
      "mdx",
      "pdf",
      "html",
      "htm",
      "xlsx",
      "xls",
      "vtt",
      "properties",
      "doc",
      "docx",
      "csv",
      "eml",
      "msg",
      "ppt",
      "pptx",
      "xml",
      "epub",
    ].map((ext) => [ext, "", "document"] as const),
    // With its dot, and in upper case; mixed case is on no list and falls to the MIME type.
    [".pdf", "", "document"],
    ["PDF", "", "document"],
    [".PNG", "", "image"],
    ["Pdf", "", "custom"],
    ["Pdf", "application/pdf", "document"],
    // The extension wins over the MIME type.
    ["pdf", "image/png", "document"],
    // Not on a list: the MIME type decides, parameters and all.
    ["py", "text/x-python", "document"],
    ["log", "text/plain; charset=utf-8", "document"],
    ["heic", "image/heic", "image"],
    ["mkv", "video/x-matroska", "video"],
    ["ogg", "audio/ogg", "audio"],
    ["bin", "application/x-pdf", "document"],
    ["odt", "application/vnd.oasis.opendocument.text", "document"],
    // Then `custom`.
    ["zip", "application/zip", "custom"],
    ["json", "application/json", "custom"],
    ["", "", "custom"],
    ["exe", "", "custom"],
  ] as const)("%s + %j → %s", (extension, mimeType, expected) => {
    expect(detectFileType({ extension, mimeType })).toBe(expected);
  });
});

describe("detectUploadedFileType", () => {
  it("uses the extension the server stores (lower case), then the MIME type", () => {
    expect(detectUploadedFileType("Report.Pdf", "")).toBe("document");
    expect(detectUploadedFileType("script.py", "text/x-python")).toBe("document");
    expect(detectUploadedFileType("script.py", "")).toBe("custom");
    expect(detectUploadedFileType("noext", "image/png")).toBe("image");
    expect(detectUploadedFileType(".bashrc", "")).toBe("custom");
  });
});

describe("guessRemoteFileType", () => {
  it.each([
    ["https://e.com/a/brief.pdf", "document"],
    ["https://e.com/photo.JPG?size=2", "image"],
    ["https://e.com/clip.mp4#t=3", "video"],
    ["https://e.com/a%20b.mp3", "audio"],
    ["https://e.com/download", null],
    ["https://e.com/archive.tar.gz", null],
    ["https://e.com/Notes.Md", null],
    ["not a url", null],
  ] as const)("%s → %s", (url, expected) => {
    expect(guessRemoteFileType(url)).toBe(expected);
  });
});

describe("isFileTypeAllowed", () => {
  const field = (types: string[], extensions: string[] = []) => ({
    allowed_file_types: types,
    allowed_file_extensions: extensions,
  });

  it("takes a listed type, and every type when the list is empty", () => {
    expect(isFileTypeAllowed("document", "pdf", field(["document"]))).toBe(true);
    expect(isFileTypeAllowed("image", "png", field(["document"]))).toBe(false);
    expect(isFileTypeAllowed("video", "mp4", field([]))).toBe(true);
  });

  it("takes `custom` only with its extension on the list", () => {
    expect(isFileTypeAllowed("custom", "zip", field(["custom"], [".zip"]))).toBe(true);
    expect(isFileTypeAllowed("custom", "ZIP", field(["custom"], [".zip"]))).toBe(true);
    expect(isFileTypeAllowed("custom", "rar", field(["custom"], [".zip"]))).toBe(false);
    expect(isFileTypeAllowed("custom", "zip", field(["custom"], []))).toBe(false);
    expect(isFileTypeAllowed("custom", "", field(["custom"], [".zip"]))).toBe(false);
  });

  it("refuses a PDF for a custom + .pdf field: the server detects `document`", () => {
    expect(isFileTypeAllowed("document", "pdf", field(["custom"], [".pdf"]))).toBe(false);
  });
});
