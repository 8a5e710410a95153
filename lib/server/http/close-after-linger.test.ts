import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAfterLinger } from "@/lib/server/http/close-after-linger";

const MB = 1024 * 1024;
const LIMIT = 4 * MB;
const LINGER_MS = 300;
let server: Server;
let origin = "";

// As the app answers an upload past its limit: the body is read up to the limit, then left
// unread, and the refusal goes out through closeAfterLinger, piped the way Next pipes a Response
// (chunked: Next drops a Content-Length).
beforeAll(async () => {
  server = createServer((req, res) => {
    let read = 0;
    const refuse = async () => {
      req.off("data", onData).pause();
      const refusal = Response.json({ code: "file_too_large" }, { status: 413 });
      const response = await closeAfterLinger(refusal, LINGER_MS);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      const reader = response.body!.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        res.write(part.value);
      }
      res.end();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > LIMIT) void refuse();
    };
    req.on("data", onData);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

type Outcome = { status: number; connection?: string; body: string; sentBytes: number };

/** Sends 64 MB and keeps sending after the answer, as a client that does not listen would. */
function sendPastTheLimit(): Promise<Outcome> {
  return new Promise((resolve) => {
    let sentBytes = 0;
    const req = httpRequest(`${origin}/`, { method: "POST", agent: false });
    req.on("error", () => resolve({ status: 0, body: "", sentBytes }));
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        req.removeAllListeners("error").on("error", () => undefined);
        const outcome = { status: res.statusCode!, connection: res.headers.connection, body };
        req.once("close", () => resolve({ ...outcome, sentBytes }));
      });
    });
    const chunk = Buffer.alloc(256 * 1024, 32);
    const pump = () => {
      while (!req.destroyed && sentBytes < 64 * MB) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
    };
    pump();
  });
}

describe("closeAfterLinger", () => {
  it("lets clients that keep sending read their answer, then cuts them off", async () => {
    // Clients in this process are never caught writing at the reset (the server only runs in
    // their pauses), so the race itself shows in the bounds story; this shows what a client sees.
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => sendPastTheLimit()));
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ status: 413, connection: "close" });
      expect(JSON.parse(outcome.body)).toEqual({ code: "file_too_large" });
      // Cut off: no more than what the connection holds once nothing is read.
      expect(outcome.sentBytes).toBeLessThan(LIMIT + 16 * MB);
    }
  });

  it("sends the whole answer at once, and ends the response after the linger", async () => {
    const started = Date.now();
    const response = await closeAfterLinger(
      new Response("no", { status: 408, headers: { "X-Kept": "1" } }),
      LINGER_MS,
    );
    expect(response.status).toBe(408);
    expect(response.headers.get("x-kept")).toBe("1");
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("no");
    expect(Date.now() - started).toBeLessThan(LINGER_MS);
    expect((await reader.read()).done).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LINGER_MS - 5);
  });
});
