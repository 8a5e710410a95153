import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { watchUploadBody } from "@/lib/server/files/watch-upload-body";

const watch = (idleTimeoutMs = 5_000) => {
  const input = new PassThrough();
  const fail = vi.fn();
  const body = watchUploadBody(input, { idleTimeoutMs, allowanceBytes: 100, fail });
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

  it("cuts off a body that sends nothing, but not one the proxy holds back", async () => {
    const quiet = watch(50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(codes(quiet.fail)).toEqual(["request_timeout"]);
    quiet.body.stop();

    const held = watch(50);
    held.input.pause();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(held.fail).not.toHaveBeenCalled();
    held.body.stop();
  });
});
