import { describe, expect, it } from "vitest";
import { withFileState } from "@/lib/files/use-file-states";

describe("withFileState", () => {
  it("keeps the same state for a report that says nothing new, a mounting field's included", () => {
    const none = {};
    expect(withFileState(none, "a", { pending: 0, failed: 0 })).toBe(none);
    const one = withFileState(none, "a", { pending: 1, failed: 0 });
    expect(one).toEqual({ a: { pending: 1, failed: 0 } });
    expect(withFileState(one, "a", { pending: 1, failed: 0 })).toBe(one);
    expect(withFileState(one, "b", { pending: 0, failed: 1 })).toEqual({
      a: { pending: 1, failed: 0 },
      b: { pending: 0, failed: 1 },
    });
  });
});
