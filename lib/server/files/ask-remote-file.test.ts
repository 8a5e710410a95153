import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as RemoteFileUrl from "@/lib/files/remote-file-url";
import { askRemoteFile } from "@/lib/server/files/ask-remote-file";

// Names this test resolves itself: one to the test's server, one to a public address and an
// inside one (a rebinding name), one to nothing.
vi.mock("node:dns/promises", () => ({
  lookup: vi.fn((host: string) => {
    if (host === "public.example") return Promise.resolve([{ address: "127.0.0.2", family: 4 }]);
    if (host === "files.intranet") return Promise.resolve([{ address: "127.0.0.1", family: 4 }]);
    if (host === "rebind.example")
      return Promise.resolve([
        { address: "93.184.215.14", family: 4 },
        { address: "10.0.0.7", family: 4 },
      ]);
    return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${host}`));
  }),
}));

// 127.0.0.2 stands for a public address: the test's "public" file server listens there.
vi.mock("@/lib/files/remote-file-url", async (importOriginal) => {
  const real = await importOriginal<typeof RemoteFileUrl>();
  return {
    ...real,
    isPublicAddress: (address: string) => address === "127.0.0.2" || real.isPublicAddress(address),
  };
});

let server: Server;
let port = 0;
const seen: { method: string; range: string; host: string; auth: string; cookie: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({
      method: req.method ?? "",
      range: String(req.headers.range ?? ""),
      host: String(req.headers.host ?? ""),
      auth: String(req.headers.authorization ?? ""),
      cookie: String(req.headers.cookie ?? ""),
    });
    const path = req.url ?? "/";
    if (path === "/export")
      res
        .writeHead(200, {
          "Content-Type": "application/octet-stream",
          "Content-Disposition": 'attachment; filename="Q3.pdf"',
        })
        .end("x");
    else if (path === "/no-head" && req.method === "HEAD") res.writeHead(405).end();
    else if (path === "/no-head")
      res.writeHead(206, { "Content-Type": "text/csv" }).end("a".repeat(100_000));
    else if (path === "/presigned" && req.method === "HEAD") res.writeHead(403).end();
    else if (path === "/no-head-gone" && req.method === "HEAD") res.writeHead(405).end();
    else if (path === "/slow") setTimeout(() => res.writeHead(200).end(), 2_000);
    else if (path === "/to-metadata")
      res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" }).end();
    else if (path === "/to-export") res.writeHead(301, { Location: "/export" }).end();
    else if (path === "/bad-location") res.writeHead(302, { Location: "http://[::1" }).end();
    else if (path === "/to-redis") res.writeHead(302, { Location: `http://127.0.0.1:6379/` }).end();
    else if (path === "/loop") res.writeHead(302, { Location: "/loop" }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const inside = { insideHosts: ["127.0.0.1:*", "files.intranet:*"], timeoutMs: 5_000 };

describe("askRemoteFile", () => {
  it("reads a HEAD's Content-Type and Content-Disposition, sending no credentials", async () => {
    seen.length = 0;
    expect(await askRemoteFile(`http://127.0.0.1:${port}/export`, inside)).toEqual({
      answer: {
        contentType: "application/octet-stream",
        disposition: 'attachment; filename="Q3.pdf"',
      },
      inside: true,
    });
    expect(seen).toEqual([
      { method: "HEAD", range: "", host: `127.0.0.1:${port}`, auth: "", cookie: "" },
    ]);
  });

  it("asks for one byte with a GET where HEAD is not allowed", async () => {
    seen.length = 0;
    expect(await askRemoteFile(`http://127.0.0.1:${port}/no-head`, inside)).toEqual({
      answer: { contentType: "text/csv", disposition: "" },
      inside: true,
    });
    expect(seen.map(({ method, range }) => [method, range])).toEqual([
      ["HEAD", ""],
      ["GET", "bytes=0-0"],
    ]);
  });

  it("follows a redirect on the same server, and refuses one to an inside address", async () => {
    expect(await askRemoteFile(`http://127.0.0.1:${port}/to-export`, inside)).toMatchObject({
      answer: { disposition: 'attachment; filename="Q3.pdf"' },
    });
    seen.length = 0;
    expect(await askRemoteFile(`http://127.0.0.1:${port}/to-metadata`, inside)).toEqual({
      problem: "address",
    });
    expect(await askRemoteFile(`http://127.0.0.1:${port}/loop`, inside)).toEqual({
      problem: "unreachable",
    });
  });

  it("takes a refused HEAD as no answer (the path decides), and gives up on a slow server in time", async () => {
    // A presigned S3 or GCS link answers HEAD with 403: Dify types it by its path, and so do we.
    for (const path of ["/gone", "/presigned"])
      expect(await askRemoteFile(`http://127.0.0.1:${port}${path}`, inside)).toEqual({
        answer: null,
        inside: true,
      });
    // A GET after a 405 counts only when it answers.
    expect(await askRemoteFile(`http://127.0.0.1:${port}/no-head-gone`, inside)).toEqual({
      answer: null,
      inside: true,
    });
    const started = Date.now();
    expect(
      await askRemoteFile(`http://127.0.0.1:${port}/slow`, { ...inside, timeoutMs: 300 }),
    ).toEqual({ problem: "unreachable" });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("refuses an inside host nobody named, by address and by what a name resolves to", async () => {
    expect(
      await askRemoteFile(`http://127.0.0.1:${port}/export`, { insideHosts: [], timeoutMs: 5_000 }),
    ).toEqual({
      problem: "address",
    });
    expect(
      await askRemoteFile(`http://files.intranet:${port}/export`, {
        insideHosts: [],
        timeoutMs: 5_000,
      }),
    ).toEqual({ problem: "address" });
    // One inside address among public ones is enough to refuse the name.
    expect(
      await askRemoteFile("http://rebind.example/export", { insideHosts: [], timeoutMs: 5_000 }),
    ).toEqual({
      problem: "address",
    });
    expect(
      await askRemoteFile("http://nowhere.example/export", { insideHosts: [], timeoutMs: 5_000 }),
    ).toEqual({
      problem: "unreachable",
    });
  });

  it("reads a Location no parser can read as unreachable, not as the app's failure", async () => {
    expect(await askRemoteFile(`http://127.0.0.1:${port}/bad-location`, inside)).toEqual({
      problem: "unreachable",
    });
  });

  it("reaches a named inside host only at the port named, and by no redirect", async () => {
    const named = {
      insideHosts: [`127.0.0.1:${port}`, `files.intranet:${port}`],
      timeoutMs: 5_000,
    };
    expect(await askRemoteFile(`http://files.intranet:${port}/export`, named)).toMatchObject({
      inside: true,
    });
    // The same host at a port nobody named, by link and by redirect.
    expect(await askRemoteFile("http://127.0.0.1:6379/", named)).toEqual({ problem: "address" });
    expect(await askRemoteFile(`http://127.0.0.1:${port}/to-redis`, named)).toEqual({
      problem: "address",
    });
    // A name is named at its port only: elsewhere it is judged by what it resolves to.
    expect(
      await askRemoteFile(`http://files.intranet:${port + 1}/export`, {
        insideHosts: [`files.intranet:${port}`],
        timeoutMs: 5_000,
      }),
    ).toEqual({ problem: "address" });
  });

  it("does not let a public link's redirect lead to a named inside host", async () => {
    const publicFiles = createServer((_req, res) =>
      res.writeHead(302, { Location: `http://files.intranet:${port}/export` }).end(),
    );
    await new Promise<void>((resolve) => publicFiles.listen(0, "127.0.0.2", resolve));
    const publicPort = (publicFiles.address() as AddressInfo).port;
    try {
      const named = { insideHosts: [`files.intranet:${port}`], timeoutMs: 5_000 };
      expect(await askRemoteFile(`http://public.example:${publicPort}/`, named)).toEqual({
        problem: "address",
      });
    } finally {
      publicFiles.close();
    }
  });

  it("connects to the address it checked, under the name the link gives", async () => {
    seen.length = 0;
    expect(await askRemoteFile(`http://files.intranet:${port}/export`, inside)).toMatchObject({
      answer: { contentType: "application/octet-stream" },
    });
    expect(seen[0]?.host).toBe(`files.intranet:${port}`);
  });
});
