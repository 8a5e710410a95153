import { describe, expect, it, vi } from "vitest";

describe("processState", () => {
  it("gives every loaded copy of a module the same value, created once", async () => {
    const first = await import("@/lib/server/ops/process-state");
    vi.resetModules();
    const second = await import("@/lib/server/ops/process-state");
    expect(second).not.toBe(first);
    const create = vi.fn(() => ({ count: 0 }));
    const a = first.processState("test.shared", create);
    a.count++;
    expect(second.processState("test.shared", create)).toEqual({ count: 1 });
    expect(create).toHaveBeenCalledTimes(1);
  });
});
