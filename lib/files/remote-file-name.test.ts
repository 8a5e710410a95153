import { describe, expect, it } from "vitest";
import { chooseFileType } from "@/lib/files/detect-file-type";
import { guessExtension, guessType } from "@/lib/files/python-mime-types";
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
      answer("application/x-thing", 'attachment; filename="Model.X3DZ2"'),
      { name: "Model.X3DZ2", mimeType: "application/x-thing", extension: "X3DZ2" },
    ],
    // The name first, even over a path Python types and a header that says otherwise.
    [
      "https://e.com/scan.png",
      answer("image/png", 'attachment; filename="scan.pdf"'),
      { name: "scan.pdf", mimeType: "application/pdf", extension: "pdf" },
    ],
    [
      "https://e.com/templates/letter.dotx",
      answer("application/octet-stream"),
      {
        name: "letter.dotx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
        extension: "dotx",
      },
    ],
    // A refused HEAD (no answer): the path's name and the type Python guesses from it.
    [
      "https://bucket.s3.example.com/book.epub?X-Amz-Signature=abc",
      null,
      { name: "book.epub", mimeType: "application/epub+zip", extension: "epub" },
    ],
    // The header's type as sent, not lower-cased; its extension as Python finds it.
    [
      "https://e.com/export",
      answer("Text/CSV"),
      { name: "export", mimeType: "Text/CSV", extension: "csv" },
    ],
  ] as const)("%s with %j", (url, told, expected) => {
    expect(remoteFileOf(new URL(url), told)).toEqual(expected);
  });
});

// Every extension graphon's lists name (src/graphon/file/constants.py), and the Office and
// OpenDocument templates, as Python's mimetypes over Debian's media-types types them in Dify's
// image: the MIME type of `f.<ext>`, and the extension Dify then builds the file with.
describe("Python's table, for every extension graphon names", () => {
  it.each([
    ["jpg", "image/jpeg", "jpg"],
    ["jpeg", "image/jpeg", "jpg"],
    ["png", "image/png", "png"],
    ["webp", "image/webp", "webp"],
    ["gif", "image/gif", "gif"],
    ["svg", "image/svg+xml", "svg"],
    ["mp4", "video/mp4", "mp4"],
    ["mov", "video/quicktime", "mov"],
    ["mpeg", "video/mpeg", "mpeg"],
    ["webm", "video/webm", "webm"],
    ["mp3", "audio/mpeg", "mp3"],
    ["m4a", "audio/mp4", "m4a"],
    ["wav", "audio/x-wav", "wav"],
    // `audio/AMR` is listed in upper case: guess_extension, which lowers the type, finds nothing.
    ["amr", "audio/AMR", "amr"],
    ["mpga", "audio/mpeg", "mp3"],
    ["txt", "text/plain", "txt"],
    ["markdown", "text/markdown", "md"],
    ["md", "text/markdown", "md"],
    ["mdx", "", "mdx"],
    ["pdf", "application/pdf", "pdf"],
    ["html", "text/html", "html"],
    ["htm", "text/html", "html"],
    ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"],
    ["xls", "application/vnd.ms-excel", "xls"],
    ["vtt", "text/vtt", "vtt"],
    ["properties", "", "properties"],
    ["doc", "application/msword", "doc"],
    ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"],
    ["csv", "text/csv", "csv"],
    ["eml", "message/rfc822", "eml"],
    ["msg", "", "msg"],
    ["ppt", "application/vnd.ms-powerpoint", "ppt"],
    ["pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation", "pptx"],
    ["xml", "application/xml", "xsl"],
    ["epub", "application/epub+zip", "epub"],
    ["odt", "application/vnd.oasis.opendocument.text", "odt"],
    ["dotx", "application/vnd.openxmlformats-officedocument.wordprocessingml.template", "dotx"],
    ["xltx", "application/vnd.openxmlformats-officedocument.spreadsheetml.template", "xltx"],
    ["potx", "application/vnd.openxmlformats-officedocument.presentationml.template", "potx"],
    ["ppsx", "application/vnd.openxmlformats-officedocument.presentationml.slideshow", "ppsx"],
    ["ott", "application/vnd.oasis.opendocument.text-template", "ott"],
    ["heic", "image/heic", "heic"],
    ["dot", "text/vnd.graphviz", "gv"],
    ["pot", "text/plain", "txt"],
    ["bat", "application/x-msdos-program", "com"],
    ["docm", "application/vnd.ms-word.document.macroEnabled.12", "docm"],
  ])(".%s → %s, built as .%s", (extension, mimeType, built) => {
    expect(guessType(`f.${extension}`)).toBe(mimeType);
    expect(guessType(`F.${extension.toUpperCase()}`)).toBe(mimeType);
    expect(remoteFileOf(new URL(`https://e.com/f.${extension}`), null)).toMatchObject({
      mimeType,
      extension: built,
    });
  });

  it("reads encodings and suffix aliases as Python does", () => {
    expect(guessType("report.pdf.gz")).toBe("application/pdf");
    expect(guessType("site.tgz")).toBe("application/x-tar");
    expect(guessType(".bashrc")).toBe("");
    expect(guessType("noext")).toBe("");
    expect(guessExtension("IMAGE/JPEG")).toBe(".jpg");
    expect(guessExtension("constructor")).toBe("");
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
    ["https://e.com/model.x3dz2", false],
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
