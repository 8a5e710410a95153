import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRemoteAnswers, remoteFileFrom, remoteUrlsIn } from "./remote-file-info";

let server: Server;
let origin = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/missing") res.writeHead(404).end();
    else if (req.url === "/presigned/book.epub" && req.method === "HEAD") res.writeHead(403).end();
    else if (req.url === "/named")
      res
        .writeHead(200, {
          "Content-Type": "application/octet-stream",
          "Content-Disposition": 'attachment; filename="Q3 Report.PDF"',
        })
        .end("x");
    else res.writeHead(200, { "Content-Type": "text/csv; charset=utf-8" }).end("a,b");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("fetchRemoteAnswers", () => {
  it("reads the file name and MIME type a loopback server answers; a refused HEAD fails nothing", async () => {
    const answers = await fetchRemoteAnswers([
      `${origin}/named`,
      `${origin}/plain`,
      `${origin}/missing`,
      `${origin}/presigned/book.epub`,
      "http://127.0.0.1:1/closed.pdf",
      "https://unreachable.invalid/a.pdf",
      "https://example.com/a.pdf",
    ]);
    expect(answers.get(`${origin}/named`)).toEqual({
      failed: false,
      mimeType: "application/octet-stream",
      filename: "Q3 Report.PDF",
    });
    expect(answers.get(`${origin}/plain`)).toEqual({
      failed: false,
      mimeType: "text/csv; charset=utf-8",
      filename: "",
    });
    // A 404 or a presigned link's 403 to HEAD: nothing learnt, the path decides.
    const nothing = { failed: false, mimeType: "", filename: "" };
    expect(answers.get(`${origin}/missing`)).toEqual(nothing);
    expect(answers.get(`${origin}/presigned/book.epub`)).toEqual(nothing);
    expect(remoteFileFrom(new URL(`${origin}/presigned/book.epub`), nothing)).toEqual({
      extension: "epub",
      mimeType: "application/epub+zip",
    });
    // No server at all: the fetch fails, as Dify's does.
    expect(answers.get("http://127.0.0.1:1/closed.pdf")).toEqual({ failed: true });
    expect(answers.get("https://unreachable.invalid/a.pdf")).toEqual({ failed: true });
    // Outside hosts are never asked: their path decides.
    expect(answers.has("https://example.com/a.pdf")).toBe(false);
  });
});

describe("remoteFileFrom", () => {
  const url = new URL("https://e.com/get/Scan");
  const told = (filename: string, mimeType: string) => ({
    failed: false as const,
    filename,
    mimeType,
  });
  it.each([
    // The answered name's type, and the extension it implies.
    [url, told("A.PDF", ""), { extension: "pdf", mimeType: "application/pdf" }],
    [
      url,
      told("Q3.pdf", "application/octet-stream"),
      { extension: "pdf", mimeType: "application/pdf" },
    ],
    // No name it knows: the Content-Type's type and extension, else the name's own, else .bin.
    [url, told("", "image/png"), { extension: "png", mimeType: "image/png" }],
    [url, told("", "text/csv; charset=utf-8"), { extension: "csv", mimeType: "text/csv" }],
    [url, told("trace.log", "text/plain"), { extension: "txt", mimeType: "text/plain" }],
    [url, told("Model.X3DZ2", "model/x-thing"), { extension: "X3DZ2", mimeType: "model/x-thing" }],
    // The name first, over the header.
    [url, told("scan.pdf", "image/png"), { extension: "pdf", mimeType: "application/pdf" }],
    [
      url,
      told("", "application/octet-stream"),
      { extension: "bin", mimeType: "application/octet-stream" },
    ],
    [
      url,
      told("", "application/x-unknown"),
      { extension: "bin", mimeType: "application/x-unknown" },
    ],
    // Not asked: the path's name.
    [
      new URL("https://e.com/a/Notes.MD"),
      undefined,
      { extension: "md", mimeType: "text/markdown" },
    ],
  ] as const)("%s %j → %j", (link, answer, expected) => {
    expect(remoteFileFrom(link, answer)).toEqual(expected);
  });
});

describe("remoteUrlsIn", () => {
  it("finds remote mappings at the top level and in lists", () => {
    const remote = (url: string) => ({ type: "image", transfer_method: "remote_url", url });
    expect(
      remoteUrlsIn({
        a: remote("https://e.com/1.png"),
        b: [remote("https://e.com/2.png"), { transfer_method: "local_file" }],
        c: "text",
      }),
    ).toEqual(["https://e.com/1.png", "https://e.com/2.png"]);
  });
});
