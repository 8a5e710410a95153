// The file types a Dify server detects, by server generation: one table for the embedded
// service's detection (lib/embedded/file-types.test.ts) and the app's (lib/files), and the one
// docs/dify-wire-notes.md lists. `before`: graphon before 0.7.0; `since`: 0.7.0 and later.

export interface FileTypeCase {
  extension: string;
  mimeType: string;
  before: string;
  since: string;
}

export const FILE_TYPE_CASES: readonly FileTypeCase[] = [
  { extension: "pdf", mimeType: "application/pdf", before: "document", since: "document" },
  { extension: "PDF", mimeType: "", before: "document", since: "document" },
  { extension: "Pdf", mimeType: "", before: "custom", since: "custom" },
  { extension: "png", mimeType: "", before: "image", since: "image" },
  { extension: "odt", mimeType: "", before: "custom", since: "document" },
  {
    extension: "odt",
    mimeType: "application/vnd.oasis.opendocument.text",
    before: "document",
    since: "document",
  },
  {
    extension: "dotx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
    before: "custom",
    since: "document",
  },
  {
    extension: "xltx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
    before: "custom",
    since: "document",
  },
  {
    extension: "potx",
    mimeType: "application/vnd.openxmlformats-officedocument.presentationml.template",
    before: "custom",
    since: "document",
  },
  {
    extension: "ppsx",
    mimeType: "application/vnd.openxmlformats-officedocument.presentationml.slideshow",
    before: "custom",
    since: "document",
  },
  {
    extension: "ott",
    mimeType: "application/vnd.oasis.opendocument.text-template",
    before: "document",
    since: "custom",
  },
  {
    extension: "dot",
    mimeType: "application/x-msword-template",
    before: "custom",
    since: "custom",
  },
  {
    extension: "dot",
    mimeType: "application/vnd.ms-word.template.text",
    before: "document",
    since: "custom",
  },
  { extension: "xlt", mimeType: "application/vnd.ms-excel", before: "custom", since: "document" },
  {
    extension: "pot",
    mimeType: "application/vnd.ms-powerpoint",
    before: "custom",
    since: "document",
  },
  {
    extension: "pot",
    mimeType: "text/x-gettext-translation-template",
    before: "document",
    since: "document",
  },
  { extension: "", mimeType: "application/x-pdf", before: "document", since: "custom" },
  { extension: "py", mimeType: "text/x-python", before: "document", since: "document" },
  { extension: "log", mimeType: "TEXT/PLAIN", before: "custom", since: "document" },
  { extension: "heic", mimeType: "image/heic; q=1", before: "image", since: "image" },
  { extension: "", mimeType: "application/vnd.image-like", before: "image", since: "custom" },
  { extension: "zip", mimeType: "application/zip", before: "custom", since: "custom" },
  { extension: "bin", mimeType: "application/octet-stream", before: "custom", since: "custom" },
  { extension: "", mimeType: "", before: "custom", since: "custom" },
];
