import { Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { frameUploadBody } from "@/lib/server/files/frame-upload-body";

const file = (content: string | string[], filename = "a.txt") => ({
  filename,
  mimeType: "text/plain",
  stream: Readable.from([content].flat().map((piece) => Buffer.from(piece))),
});
const options = (parsed: Promise<void> = Promise.resolve()) => ({
  user: "alice",
  boundary: "B",
  maxBytes: 1000,
  smallFileBytes: 100,
  parsed,
  refuse: () => undefined,
});
const text = async (body: Buffer | Readable) =>
  Buffer.isBuffer(body) ? body.toString() : (await Readable.from(body).toArray()).join("");

const framed = (content: string, filename = "a.txt") =>
  '--B\r\nContent-Disposition: form-data; name="user"\r\n\r\nalice\r\n' +
  `--B\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
  `Content-Type: text/plain\r\n\r\n${content}\r\n--B--\r\n`;

describe("frameUploadBody", () => {
  it("frames a small file as one buffer: the server's user, then the file", async () => {
    const body = await frameUploadBody(file("hello"), options());
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(await text(body)).toBe(framed("hello"));
  });

  it("streams a file past the small size, every byte of it", async () => {
    const content = "x".repeat(101);
    const body = await frameUploadBody(file(content), options());
    expect(body).toBeInstanceOf(Readable);
    expect(await text(body)).toBe(framed(content));
  });

  it("streams every chunk up to the limit", async () => {
    const pieces = ["a".repeat(400), "b".repeat(600)];
    expect(await text(await frameUploadBody(file(pieces), options()))).toBe(
      framed(pieces.join("")),
    );
  });

  it.each([
    ["a small", ["x".repeat(1001), "z"]],
    ["a streamed", ["x".repeat(400), "y".repeat(601), "z"]],
  ])(
    "refuses %s file one byte past the limit with 413 file_too_large, leaving the source undestroyed",
    async (_label, pieces) => {
      const part = file(pieces);
      const refuse = vi.fn();
      await expect(frameUploadBody(part, { ...options(), refuse }).then(text)).rejects.toThrow();
      expect(refuse).toHaveBeenCalledWith(
        expect.objectContaining({ status: 413, code: "file_too_large" }),
      );
      expect(part.stream.destroyed).toBe(false);
    },
  );

  it("escapes quotes and line breaks in the file name", async () => {
    const body = await frameUploadBody(file("hi", 'a"b\r\nc.txt'), options());
    expect(await text(body)).toBe(framed("hi", "a%22b  c.txt"));
  });

  it.each([
    ["a small", "hello"],
    ["a streamed", "x".repeat(101)],
  ])("holds %s file's closing boundary until the request is parsed", async (_label, content) => {
    let markParsed!: () => void;
    const parsed = new Promise<void>((resolve) => (markParsed = resolve));
    let done = false;
    const read = frameUploadBody(file(content), options(parsed))
      .then(text)
      .then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    markParsed();
    await read;
  });
});
