import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { withUploadSlot } from "@/lib/server/files/with-upload-slot";
import { requireWithinRate } from "@/lib/server/require-within-rate";

// Uploads in flight per link: past the limit one is refused before it starts, and a settled
// upload (done or failed) frees its slot; an upload past its address's rate is refused with the
// rate's answer and holds no slot.

vi.mock("@/lib/server/env", () => ({ getEnv: () => ({ limits: { MAX_UPLOADS_PER_LINK: 2 } }) }));
vi.mock("@/lib/server/require-within-rate", () => ({ requireWithinRate: vi.fn() }));

const request = new Request("http://app.test/api/forms/tok/files", { method: "POST" });

function held() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve("uploaded");
    fail = reject;
  });
  return { upload: () => done, finish, fail };
}

describe("withUploadSlot", () => {
  it("refuses the third upload of one link with 429 before it starts, and frees slots as uploads settle", async () => {
    const first = held();
    const second = held();
    const running = [
      withUploadSlot({ link: "tok\nalice" }, request, first.upload),
      withUploadSlot({ link: "tok\nalice" }, request, second.upload).catch(
        (error: unknown) => error,
      ),
    ];
    const third = vi.fn(() => Promise.resolve("never"));
    await expect(withUploadSlot({ link: "tok\nalice" }, request, third)).rejects.toMatchObject({
      status: 429,
      code: "too_many_requests",
      headers: { "Retry-After": "2" },
    });
    expect(third).not.toHaveBeenCalled();
    // Another link's uploads have slots of their own.
    await expect(
      withUploadSlot({ link: "tok\nbob" }, request, () => Promise.resolve("ok")),
    ).resolves.toBe("ok");

    first.finish();
    second.fail(new Error("upstream broke"));
    await Promise.all(running);
    await expect(withUploadSlot({ link: "tok\nalice" }, request, third)).resolves.toBe("never");
    await expect(withUploadSlot({ link: "tok\nalice" }, request, third)).resolves.toBe("never");
  });

  it("answers an upload past its address's rate with the rate's refusal, and it holds no slot", async () => {
    const overRate = ApiError.of("too_many_requests", "Too many files.").retryAfter(30);
    vi.mocked(requireWithinRate).mockRejectedValueOnce(overRate).mockRejectedValueOnce(overRate);
    const upload = vi.fn(() => Promise.resolve("never"));
    await expect(withUploadSlot({ link: "tok\ncarol" }, request, upload)).rejects.toBe(overRate);
    await expect(withUploadSlot({ link: "tok\ncarol" }, request, upload)).rejects.toBe(overRate);
    expect(upload).not.toHaveBeenCalled();
    const first = held();
    const running = withUploadSlot({ link: "tok\ncarol" }, request, first.upload);
    await expect(
      withUploadSlot({ link: "tok\ncarol" }, request, () => Promise.resolve("ok")),
    ).resolves.toBe("ok");
    first.finish();
    await running;
  });
});
