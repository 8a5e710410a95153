import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { capBytes } from "@/lib/server/files/cap-bytes";

const source = (...sizes: number[]) => Readable.from(sizes.map((n) => Buffer.alloc(n, 120)));

async function drain(chunks: AsyncIterable<Buffer>) {
  let bytes = 0;
  for await (const chunk of chunks) bytes += chunk.length;
  return bytes;
}

describe("capBytes", () => {
  it("passes every chunk up to the limit", async () => {
    await expect(drain(capBytes(source(400, 600), 1000))).resolves.toBe(1000);
  });

  it("refuses one byte past the limit with 413 file_too_large, leaving the source undestroyed", async () => {
    const file = source(400, 601);
    await expect(drain(capBytes(file, 1000))).rejects.toMatchObject({
      status: 413,
      code: "file_too_large",
    });
    expect(file.destroyed).toBe(false);
  });
});
