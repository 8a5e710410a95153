import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/server/env-schema";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { proxyUpload } from "@/lib/server/files/proxy-upload";
import type { ApiError } from "@/lib/errors/api-error";

// The upstream side is a fake that reads the re-encoded body to its end and answers with a file,
// so what the proxy sends, and when, is what these tests see.
vi.mock("@/lib/server/dify/get-dify-client", () => {
  const client = {
    uploadFile: vi.fn(),
    getAppParametersCached: vi.fn(),
  };
  return { getDifyClient: () => client };
});
const { uploadFile } = getDifyClient();
vi.mock("@/lib/server/env", () => ({
  getEnv: () => ({
    limits: {
      ...parseEnv(process.env).limits,
      MAX_JSON_BODY_BYTES: 1024,
      UPLOAD_IDLE_TIMEOUT_MS: 5_000,
    },
  }),
}));

const BOUNDARY = "----test-boundary";
const MB = 1024 * 1024;

type Sent = { body: Buffer; contentType: string; streamed: boolean };

/** The fake upstream: collects the body (a buffer or a stream) and answers once it has ended. */
function fakeUpstream() {
  const sent: Sent[] = [];
  vi.mocked(uploadFile).mockImplementation(async (body, contentType) => {
    let bytes: Buffer;
    if (Buffer.isBuffer(body)) bytes = body;
    else {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      bytes = Buffer.concat(chunks);
    }
    sent.push({ body: bytes, contentType, streamed: !Buffer.isBuffer(body) });
    return { id: "file-1", name: "a.txt", size: bytes.length, extension: "txt" };
  });
  return sent;
}

const filePart = (name: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
  `Content-Type: text/plain\r\n\r\n${content}\r\n`;

/** A request whose body arrives in `pieces`, `gapMs` apart, each in 16 KB chunks as sockets do. */
function requestOf(pieces: string[], gapMs = 0) {
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next > 0 && gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
      const piece = pieces[next++];
      if (piece === undefined) return controller.close();
      const bytes = encoder.encode(piece);
      for (let at = 0; at < bytes.length; at += 16 * 1024) {
        controller.enqueue(bytes.subarray(at, at + 16 * 1024));
      }
    },
  });
  return new Request("http://app.test/api/forms/t/files", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
  } as RequestInit);
}

const upload = (request: Request, maxBytes = 10 * MB) =>
  proxyUpload(request, "alice", {
    maxBytes: () => Promise.resolve(maxBytes),
    idleTimeoutMs: 5_000,
    timeoutMs: 60_000,
  });

/** The parts of a multipart body sent upstream: [name, filename, content]. */
function partsOf(sent: Sent) {
  const boundary = /boundary=(.+)$/.exec(sent.contentType)![1]!;
  return sent.body
    .toString("latin1")
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head = "", content = ""] = part.split("\r\n\r\n");
      return [
        /name="([^"]+)"/.exec(head)?.[1],
        /filename="([^"]+)"/.exec(head)?.[1],
        content.slice(0, -2),
      ];
    });
}

afterEach(() => vi.clearAllMocks());

describe("proxyUpload", () => {
  it("sends a small file as one buffer: the server's user, then the file, nothing else", async () => {
    const sent = fakeUpstream();
    const request = requestOf([
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="user"\r\n\r\nmallory\r\n`,
      filePart("a.txt", "hello"),
      `--${BOUNDARY}--\r\n`,
    ]);
    await expect(upload(request)).resolves.toMatchObject({ id: "file-1" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.streamed).toBe(false);
    expect(partsOf(sent[0]!)).toEqual([
      ["user", undefined, "alice"],
      ["file", "a.txt", "hello"],
    ]);
  });

  for (const [size, label] of [
    [5, "a small"],
    [300 * 1024, "a streamed"],
  ] as const) {
    it(`refuses a second file after ${label} first one, and the upstream never gets the first whole`, async () => {
      const sent = fakeUpstream();
      // The second part's headers come a little later than its boundary: by then the first
      // file has ended, and its closing boundary must still be held back.
      const second = filePart("b.txt", "second");
      const headersAt = second.indexOf("\r\n") + 2;
      const request = requestOf(
        [
          filePart("a.txt", "x".repeat(size)) + second.slice(0, headersAt),
          second.slice(headersAt),
          `--${BOUNDARY}--\r\n`,
        ],
        30,
      );
      await expect(upload(request)).rejects.toMatchObject({ code: "too_many_files" });
      expect(sent).toEqual([]);
    });
  }

  it("cuts a file past the limit with 413 file_too_large, small or streamed", async () => {
    fakeUpstream();
    for (const size of [2048, 300 * 1024]) {
      const request = requestOf([filePart("a.txt", "x".repeat(size)), `--${BOUNDARY}--\r\n`]);
      await expect(upload(request, size - 1)).rejects.toMatchObject({
        status: 413,
        code: "file_too_large",
      });
    }
  });

  it("closes the connection after a refusal that leaves the body unread, not after one at its end", async () => {
    fakeUpstream();
    const cut = requestOf([filePart("a.txt", "x".repeat(300 * 1024)), `--${BOUNDARY}--\r\n`]);
    await expect(upload(cut, 1024)).rejects.toMatchObject({
      code: "file_too_large",
      headers: { Connection: "close" },
    });
    const noFile = requestOf([
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n`,
      `--${BOUNDARY}--\r\n`,
    ]);
    const refused: unknown = await upload(noFile).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "no_file_uploaded" });
    expect((refused as ApiError).headers).toEqual({});
  });

  it("cuts off a client that stops sending, but not one held back by a slow upstream", async () => {
    fakeUpstream();
    const stalled = requestOf([filePart("a.txt", "x".repeat(100)), `--${BOUNDARY}--\r\n`], 400);
    await expect(
      proxyUpload(stalled, "alice", {
        maxBytes: () => Promise.resolve(10 * MB),
        idleTimeoutMs: 100,
        timeoutMs: 60_000,
      }),
    ).rejects.toMatchObject({ status: 408, code: "request_timeout" });

    // The upstream takes 400 ms before it reads anything: the body waits, paused by the proxy.
    const sent = fakeUpstream();
    const upstreamRead = vi.mocked(uploadFile).getMockImplementation()!;
    vi.mocked(uploadFile).mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return upstreamRead(...args);
    });
    const big = "x".repeat(2 * MB);
    const file = await proxyUpload(
      requestOf([filePart("a.txt", big), `--${BOUNDARY}--\r\n`]),
      "alice",
      { maxBytes: () => Promise.resolve(10 * MB), idleTimeoutMs: 100, timeoutMs: 60_000 },
    );
    expect(file.size).toBe(sent[0]!.body.length);
    expect(partsOf(sent[0]!)[1]?.[2]).toBe(big);
  });
});
