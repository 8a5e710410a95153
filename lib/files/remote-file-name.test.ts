import { describe, expect, it } from "vitest";
import { chooseFileType } from "@/lib/files/detect-file-type";
import {
  dispositionName,
  pathDecides,
  remoteFileOf,
  type RemoteAnswer,
} from "@/lib/files/remote-file-name";

const answer = (contentType: string, disposition = ""): RemoteAnswer => ({
  contentType,
  disposition,
});

// What the newest server builds a remote file with (get_remote_file_info and the remote builder),
// and so the type it detects.
describe("remoteFileOf", () => {
  it.each([
    // The path decides when Python's table knows its extension; the answer's type is not read.
    [
      "https://e.com/a/brief.pdf",
      null,
      { name: "brief.pdf", mimeType: "application/pdf", extension: "pdf" },
    ],
    [
      "https://e.com/Scan.Pdf",
      null,
      { name: "Scan.Pdf", mimeType: "application/pdf", extension: "pdf" },
    ],
    [
      "https://e.com/photo.png",
      answer("text/csv"),
      { name: "photo.png", mimeType: "image/png", extension: "png" },
    ],
    // No extension: the Content-Type, and the extension it implies.
    [
      "https://e.com/download?id=9",
      answer("text/csv; charset=utf-8"),
      { name: "download", mimeType: "text/csv", extension: "csv" },
    ],
    [
      "https://e.com/export",
      answer("application/octet-stream"),
      { name: "export", mimeType: "application/octet-stream", extension: "bin" },
    ],
    [
      "https://e.com/export",
      answer("application/x-unknown"),
      { name: "export", mimeType: "application/x-unknown", extension: "bin" },
    ],
    ["https://e.com/export", answer(""), { name: "export", mimeType: "", extension: "bin" }],
    // A Content-Disposition name wins over the path; its type over the Content-Type.
    [
      "https://e.com/get?id=9",
      answer("application/octet-stream", 'attachment; filename="Q3 Report.PDF"'),
      { name: "Q3 Report.PDF", mimeType: "application/pdf", extension: "pdf" },
    ],
    [
      "https://e.com/x.png",
      answer("image/png", "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.docx"),
      {
        name: "résumé.docx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        extension: "docx",
      },
    ],
    // A name Python does not type: the Content-Type's extension, else the name's own as written.
    [
      "https://e.com/get",
      answer("text/plain", 'attachment; filename="trace.log"'),
      { name: "trace.log", mimeType: "text/plain", extension: "txt" },
    ],
    [
      "https://e.com/get",
      answer("application/x-thing", 'attachment; filename="Model.STL"'),
      { name: "Model.STL", mimeType: "application/x-thing", extension: "STL" },
    ],
  ] as const)("%s with %j", (url, told, expected) => {
    expect(remoteFileOf(new URL(url), told)).toEqual(expected);
  });
});

describe("dispositionName", () => {
  it.each([
    ['attachment; filename="a.pdf"', "a.pdf"],
    ["attachment; filename=a.pdf", "a.pdf"],
    ["attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf", "报告.pdf"],
    ['attachment; filename="../../etc/passwd.txt"', "passwd.txt"],
    ["inline", ""],
  ])("%s → %s", (header, name) => {
    expect(dispositionName(header)).toBe(name);
  });
});

describe("pathDecides", () => {
  it.each([
    ["https://e.com/a.pdf", true],
    ["https://e.com/A.JPG?x=1", true],
    ["https://e.com/download?id=9", false],
    ["https://e.com/files/", false],
    ["https://e.com/model.stl", false],
  ] as const)("%s → %s", (url, decides) => {
    expect(pathDecides(new URL(url))).toBe(decides);
  });
});

describe("a remote file's type, as the app sends it", () => {
  const DOCS = { allowedTypes: ["document"], allowedExtensions: [] };
  it.each([
    [answer("text/csv"), DOCS, { verdict: "both", type: "document" }],
    [answer("image/png"), DOCS, { verdict: "none", detected: "image" }],
    [
      answer("application/zip"),
      { allowedTypes: ["custom"], allowedExtensions: [".zip"] },
      { verdict: "both", type: "custom" },
    ],
    [answer("application/octet-stream"), DOCS, { verdict: "none", detected: "custom" }],
  ] as const)("%j for %j → %j", (told, field, expected) => {
    const file = remoteFileOf(new URL("https://files.example/download?id=9"), told);
    expect(chooseFileType(file, field)).toEqual(expected);
  });
});
