import { describe, expect, it, vi } from "vitest";
import { withUploadSlot } from "@/lib/server/files/with-upload-slot";

// Uploads in flight per link: past the limit one is refused before it starts, and a settled
// upload (done or failed) frees its slot.

vi.mock("@/lib/server/limits", () => ({ getLimits: () => ({ MAX_UPLOADS_PER_LINK: 2 }) }));

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
      withUploadSlot("tok\nalice", first.upload),
      withUploadSlot("tok\nalice", second.upload).catch((error: unknown) => error),
    ];
    const third = vi.fn(() => Promise.resolve("never"));
    await expect(withUploadSlot("tok\nalice", third)).rejects.toMatchObject({
      status: 429,
      code: "too_many_requests",
      headers: { "Retry-After": "2" },
    });
    expect(third).not.toHaveBeenCalled();
    // Another link's uploads have slots of their own.
    await expect(withUploadSlot("tok\nbob", () => Promise.resolve("ok"))).resolves.toBe("ok");

    first.finish();
    second.fail(new Error("upstream broke"));
    await Promise.all(running);
    await expect(withUploadSlot("tok\nalice", third)).resolves.toBe("never");
    await expect(withUploadSlot("tok\nalice", third)).resolves.toBe("never");
  });
});
