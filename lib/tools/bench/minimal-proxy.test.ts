import { createHash, randomBytes } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMinimalProxy, type MinimalProxy } from "./minimal-proxy";

// The proxy floor of the bench: it must relay status, headers and bytes both ways, and stream
// (an event stream's first event arrives before the upstream has finished).

let upstream: Server;
let proxy: MinimalProxy;
let releaseStream: () => void = () => undefined;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.url === "/v1/stream") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write('data: {"event":"first"}\n\n');
      releaseStream = () => res.end('data: {"event":"last"}\n\n');
      return;
    }
    const hash = createHash("sha256");
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
    });
    req.on("end", () => {
      res.writeHead(req.url === "/v1/missing" ? 404 : 201, {
        "content-type": "application/json",
        "x-upstream": "yes",
      });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          authorization: req.headers.authorization,
          bytes,
          sha256: hash.digest("hex"),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const { port } = upstream.address() as AddressInfo;
  proxy = await startMinimalProxy({ upstreamOrigin: `http://127.0.0.1:${port}` });
});

afterAll(async () => {
  await proxy.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

describe("startMinimalProxy", () => {
  it("relays a GET with its path, query and headers, and the answer's status and headers", async () => {
    const response = await fetch(`${proxy.origin}/v1/form/a%2Fb?user=u`, {
      headers: { authorization: "Bearer k" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-upstream")).toBe("yes");
    expect(await response.json()).toEqual({
      method: "GET",
      url: "/v1/form/a%2Fb?user=u",
      authorization: "Bearer k",
      bytes: 0,
      sha256: createHash("sha256").digest("hex"),
    });
  });

  it("streams a large body through unchanged, chunked or with a length", async () => {
    const body = randomBytes(3 * 1024 * 1024 + 17);
    const expected = createHash("sha256").update(body).digest("hex");
    const sized = await fetch(`${proxy.origin}/v1/files/upload`, { method: "POST", body });
    expect(await sized.json()).toMatchObject({ bytes: body.length, sha256: expected });

    const chunked = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${proxy.origin}/v1/files/upload`, { method: "POST" }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (part: string) => (text += part));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      for (let at = 0; at < body.length; at += 64 * 1024)
        req.write(body.subarray(at, at + 64 * 1024));
      req.end();
    });
    expect(chunked.status).toBe(201);
    expect(JSON.parse(chunked.text)).toMatchObject({ bytes: body.length, sha256: expected });
  });

  it("passes an error status through", async () => {
    const response = await fetch(`${proxy.origin}/v1/missing`);
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });

  it("streams: the first event arrives while the upstream is still open", async () => {
    const response = await fetch(`${proxy.origin}/v1/stream`);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('data: {"event":"first"}\n\n');
    releaseStream();
    let rest = "";
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      rest += decoder.decode(part.value);
    }
    expect(rest).toBe('data: {"event":"last"}\n\n');
  });
});
