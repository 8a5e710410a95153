import { once } from "node:events";
import { createServer, connect, type Socket } from "node:net";
import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { watchUploadBody } from "@/lib/server/files/watch-upload-body";

const watch = (idleTimeoutMs = 5_000, timeoutMs = 60_000) => {
  const input = new PassThrough();
  const fail = vi.fn();
  const body = watchUploadBody(input, { idleTimeoutMs, timeoutMs, allowanceBytes: 100, fail });
  return { input, fail, body };
};
const codes = (fail: ReturnType<typeof vi.fn>) =>
  fail.mock.calls.map(([error]) => (error as { code: string }).code);

describe("watchUploadBody", () => {
  it("refuses a body past the allowance before the file's limit is known", () => {
    const { input, fail, body } = watch();
    input.write(Buffer.alloc(100));
    expect(fail).not.toHaveBeenCalled();
    input.write(Buffer.alloc(1));
    expect(codes(fail)).toEqual(["payload_too_large"]);
    body.stop();
  });

  it("caps nothing while the limit is looked up, then the limit plus the allowance", () => {
    const { input, fail, body } = watch();
    body.fileLimit(null);
    input.write(Buffer.alloc(500));
    expect(fail).not.toHaveBeenCalled();
    body.fileLimit(400);
    expect(fail).not.toHaveBeenCalled();
    input.write(Buffer.alloc(1));
    expect(codes(fail)).toEqual(["payload_too_large"]);
    body.stop();
  });

  it("cuts off a body that sends nothing, but not one the proxy holds back or looks up a limit for", async () => {
    const quiet = watch(50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(codes(quiet.fail)).toEqual(["request_timeout"]);
    quiet.body.stop();

    const held = watch(50);
    held.input.pause();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(held.fail).not.toHaveBeenCalled();
    held.body.stop();

    const lookingUp = watch(50);
    lookingUp.body.fileLimit(null);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(lookingUp.fail).not.toHaveBeenCalled();
    lookingUp.body.stop();
  });

  it("counts data that arrived while the event loop was too busy to read it", async () => {
    const server = createServer().listen(0, "127.0.0.1");
    await once(server, "listening");
    const client = connect((server.address() as { port: number }).port, "127.0.0.1");
    const [socket] = (await once(server, "connection")) as [Socket];
    const fail = vi.fn();
    const body = watchUploadBody(socket, {
      idleTimeoutMs: 50,
      timeoutMs: 60_000,
      allowanceBytes: 100,
      fail,
    });
    client.write("x");
    // The chunk waits in the socket while the loop is busy past the idle time.
    for (const until = Date.now() + 120; Date.now() < until;);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fail).not.toHaveBeenCalled();
    body.stop();
    client.destroy();
    server.close();
  });

  it("cuts off a body past its whole deadline, however steadily it arrives", async () => {
    const { input, fail, body } = watch(100, 300);
    const trickle = setInterval(() => input.write(Buffer.alloc(1)), 30);
    await new Promise((resolve) => setTimeout(resolve, 450));
    clearInterval(trickle);
    expect(codes(fail)).toContain("request_timeout");
    body.stop();
  });
});
