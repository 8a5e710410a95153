import { Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { readFilePart, type FilePart } from "@/lib/server/files/read-file-part";

const TYPE = "multipart/form-data; boundary=B";
const field = (name: string, value: string) =>
  `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, filename: string, content = "hi") =>
  `--B\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
  `Content-Type: text/plain\r\n\r\n${content}\r\n`;

/** The parts `readFilePart` hands on and the codes it refuses with, once the body is read. */
async function read(...parts: string[]) {
  const found: { filename: string; content: string }[] = [];
  const refused: string[] = [];
  const onPart = (part: FilePart) => {
    const chunks: Buffer[] = [];
    part.stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    part.stream.on("end", () =>
      found.push({ filename: part.filename, content: Buffer.concat(chunks).toString() }),
    );
  };
  const reader = readFilePart(Readable.from([parts.join("") + "--B--\r\n"]), TYPE, {
    onPart,
    fail: (error) => refused.push(error.code),
  });
  await reader.parsed;
  return { found, refused };
}

describe("readFilePart", () => {
  it("hands on the file part and drops the others", async () => {
    const { found, refused } = await read(
      field("user", "mallory"),
      filePart("other", "b.txt"),
      filePart("file", "a.txt", "hello"),
    );
    expect(found).toEqual([{ filename: "a.txt", content: "hello" }]);
    expect(refused).toEqual([]);
  });

  it("reads a file name as UTF-8, as browsers send it", async () => {
    const { found } = await read(filePart("file", "résumé 日本.txt"));
    expect(found).toEqual([{ filename: "résumé 日本.txt", content: "hi" }]);
  });

  it.each([
    ["a second file", [filePart("file", "a.txt"), filePart("file", "b.txt")], "too_many_files"],
    ["a nameless file", [filePart("file", " ")], "filename_not_exists_error"],
    ["an empty file name", [filePart("file", "")], "filename_not_exists_error"],
    ["a name with a path", [filePart("file", "dir/a.txt")], "invalid_param"],
    ["an extension too long", [filePart("file", `a.${"x".repeat(256)}`)], "invalid_param"],
    ["no file at all", [field("x", "1")], "no_file_uploaded"],
    [
      "too many fields",
      Array.from({ length: 9 }, (_, i) => field(`f${i}`, "1")),
      "payload_too_large",
    ],
    [
      "too many parts",
      Array.from({ length: 11 }, (_, i) => filePart(`other${i}`, "b.txt")),
      "payload_too_large",
    ],
    [
      "a field too large",
      [field("x", "y".repeat(8 * 1024 + 1)), filePart("file", "a.txt")],
      "payload_too_large",
    ],
  ])("refuses %s", async (_label, parts, code) => {
    const { refused } = await read(...parts);
    expect(refused[0]).toBe(code);
  });

  it("refuses a content type the parser cannot read", () => {
    const body = Readable.from([]);
    expect(() =>
      readFilePart(body, "multipart/form-data; nothing", { onPart: vi.fn(), fail: vi.fn() }),
    ).toThrow(expect.objectContaining({ code: "invalid_param" }));
  });
});
