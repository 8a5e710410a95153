import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { FILE_TYPES } from "@/lib/dify/file-types";
import { attachedFileSchema } from "@/lib/fields/attached-file";
import { mergeDraft, readDraft } from "@/lib/form/form-draft";

// The draft is read without zod (it is restored before the form takes input, and zod is not in the
// page's first load); this is the schema it was read with, and the reader must agree with it.
const draftSchema = z.object({
  version: z.literal(2),
  savedAt: z.number(),
  expiresAt: z.nullable(z.number()),
  answers: z.record(z.string(), z.union([z.string(), z.array(attachedFileSchema)])),
});

const local = { source: "local", uploadFileId: "f-1", name: "a.pdf", size: 12, type: "document" };
const remote = { source: "remote", url: "https://example.com/a.png", name: "a.png", type: "image" };
const good = { version: 2, savedAt: 1_700_000_000_000, expiresAt: null, answers: { a: "x" } };

const cases: [string, unknown][] = [
  ["a text answer", good],
  ["an expiry", { ...good, expiresAt: 1_800_000_000 }],
  ["no answers", { ...good, answers: {} }],
  ["files", { ...good, answers: { f: [local, remote], g: [] } }],
  ["unknown keys, dropped", { ...good, extra: 1, answers: { f: [{ ...local, extra: true }] } }],
  ["every file type", { ...good, answers: { f: FILE_TYPES.map((type) => ({ ...remote, type })) } }],
  ["another version", { ...good, version: 1 }],
  ["no version", { savedAt: 1, expiresAt: null, answers: {} }],
  ["savedAt as text", { ...good, savedAt: "1" }],
  ["no expiresAt", { version: 2, savedAt: 1, answers: {} }],
  ["expiresAt as text", { ...good, expiresAt: "1" }],
  ["answers as an array", { ...good, answers: ["x"] }],
  ["answers null", { ...good, answers: null }],
  ["a number answer", { ...good, answers: { a: 1 } }],
  ["a boolean answer", { ...good, answers: { a: true } }],
  ["a null answer", { ...good, answers: { a: null } }],
  ["an object answer", { ...good, answers: { a: { source: "local" } } }],
  ["an empty file id", { ...good, answers: { f: [{ ...local, uploadFileId: "" }] } }],
  ["a file without size", { ...good, answers: { f: [{ ...local, size: undefined }] } }],
  ["an unknown file type", { ...good, answers: { f: [{ ...local, type: "spreadsheet" }] } }],
  ["an unknown source", { ...good, answers: { f: [{ ...local, source: "cloud" }] } }],
  ["a remote file without url", { ...good, answers: { f: [{ ...remote, url: 3 }] } }],
  ["a file without name", { ...good, answers: { f: [{ ...remote, name: undefined }] } }],
  ["one bad file among good", { ...good, answers: { f: [local, { ...local, size: "1" }] } }],
  ["null", null],
  ["an array", [good]],
  ["text", "draft"],
];

describe("readDraft", () => {
  it.each(cases)("agrees with the draft's zod schema: %s", (_name, value) => {
    const parsed = draftSchema.safeParse(value);
    expect(readDraft(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it("keeps answers named __proto__ and constructor, legal variable names", () => {
    // As stored: JSON.parse makes `__proto__` an own key.
    const stored: unknown = JSON.parse(
      '{"version":2,"savedAt":1,"expiresAt":null,"answers":{"__proto__":"a","constructor":""}}',
    );
    expect(Object.entries(readDraft(stored)?.answers ?? {})).toEqual([
      ["__proto__", "a"],
      ["constructor", ""],
    ]);
  });

  it("knows the file types the service does", () => {
    for (const type of FILE_TYPES) {
      expect(readDraft({ ...good, answers: { f: [{ ...local, type }] } })).not.toBeNull();
    }
  });
});

describe("mergeDraft", () => {
  it("lays a read draft over the starting values, keeping only what still fits", () => {
    const draft = readDraft({
      ...good,
      answers: { a: "typed", f: [local], gone: "x", b: [local] },
    });
    expect(mergeDraft({ a: "", f: [], b: "" }, draft)).toEqual({
      answers: { a: "typed", f: [local], b: "" },
      restored: true,
    });
  });
});
