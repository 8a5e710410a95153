import { describe, expect, it } from "vitest";
import { readJsonBody } from "@/lib/server/read-json-body";

// A body sent in pieces, `gapMs` apart: how a slow (or deliberately trickling) client sends it.
function trickled(pieces: string[], gapMs: number): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const piece of pieces) {
        await new Promise((resolve) => setTimeout(resolve, gapMs));
        controller.enqueue(encoder.encode(piece));
      }
      controller.close();
    },
  });
  return new Request("http://app.test/api/launch", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
}

const timedOut: unknown = expect.objectContaining({ status: 408, code: "request_timeout" });

describe("readJsonBody", () => {
  it("reads a body that arrives in pieces within its limits", async () => {
    const body = readJsonBody(trickled(['{"a"', ":1}"], 10), { idleTimeoutMs: 500 });
    await expect(body).resolves.toEqual({ a: 1 });
  });

  it("answers 408 when the body goes silent for the idle limit", async () => {
    const body = readJsonBody(trickled(['{"a"', ":1}"], 300), { idleTimeoutMs: 100 });
    await expect(body).rejects.toThrow(timedOut);
  });

  it("answers 408 when a trickle that never goes idle outlasts the total limit", async () => {
    const pieces = Array.from({ length: 20 }, () => " ");
    const body = readJsonBody(trickled([...pieces, "{}"], 30), {
      idleTimeoutMs: 200,
      timeoutMs: 250,
    });
    await expect(body).rejects.toThrow(timedOut);
  });

  it("answers 413 past the size limit and 415 for another content type", async () => {
    await expect(
      readJsonBody(trickled(['{"a":"', "x".repeat(100), '"}'], 1), { maxBytes: 50 }),
    ).rejects.toThrow(expect.objectContaining({ status: 413 }));
    const text = new Request("http://app.test/", { method: "POST", body: "{}" });
    await expect(readJsonBody(text)).rejects.toThrow(expect.objectContaining({ status: 415 }));
  });
});
