import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { frameUploadBody } from "@/lib/server/files/frame-upload-body";

const file = (content: string, filename = "a.txt") => ({
  filename,
  mimeType: "text/plain",
  chunks: Readable.from([Buffer.from(content)]),
});
const options = (parsed: Promise<void> = Promise.resolve()) => ({
  user: "alice",
  boundary: "B",
  smallFileBytes: 100,
  parsed,
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
