import { beforeEach, describe, expect, it, vi } from "vitest";

const limits = { MAX_JSON_BODY_BYTES: 1024, JSON_BODY_IDLE_TIMEOUT_MS: 0, JSON_BODY_TIMEOUT_MS: 0 };
vi.mock("@/lib/server/env", () => ({ getEnv: () => ({ limits: limits }) }));
const { readJsonBody } = await import("@/lib/server/read-json-body");

const withLimits = (maxBytes: number, idleMs: number, timeoutMs: number) =>
  Object.assign(limits, {
    MAX_JSON_BODY_BYTES: maxBytes,
    JSON_BODY_IDLE_TIMEOUT_MS: idleMs,
    JSON_BODY_TIMEOUT_MS: timeoutMs,
  });

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

// Either refusal leaves the body unread: the connection is closed after the answer.
const closing = { headers: { Connection: "close" } };
const timedOut: unknown = expect.objectContaining({
  status: 408,
  code: "request_timeout",
  ...closing,
});

describe("readJsonBody", () => {
  beforeEach(() => withLimits(1024, 10_000, 30_000));

  it("reads a body that arrives in pieces within its limits", async () => {
    withLimits(1024, 500, 30_000);
    const body = readJsonBody(trickled(['{"a"', ":1}"], 10));
    await expect(body).resolves.toEqual({ a: 1 });
  });

  it("answers 408 when the body goes silent for the idle limit", async () => {
    withLimits(1024, 100, 30_000);
    const body = readJsonBody(trickled(['{"a"', ":1}"], 300));
    await expect(body).rejects.toThrow(timedOut);
  });

  it("answers 408 when a trickle that never goes idle outlasts the total limit", async () => {
    const pieces = Array.from({ length: 20 }, () => " ");
    withLimits(1024, 200, 250);
    const body = readJsonBody(trickled([...pieces, "{}"], 30));
    await expect(body).rejects.toThrow(timedOut);
  });

  it("answers 413 past the size limit and 415 for another content type", async () => {
    withLimits(50, 10_000, 30_000);
    await expect(readJsonBody(trickled(['{"a":"', "x".repeat(100), '"}'], 1))).rejects.toThrow(
      expect.objectContaining({ status: 413, ...closing }),
    );
    const text = new Request("http://app.test/", { method: "POST", body: "{}" });
    await expect(readJsonBody(text)).rejects.toThrow(expect.objectContaining({ status: 415 }));
  });
});
