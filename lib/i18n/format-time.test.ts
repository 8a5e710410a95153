import { describe, expect, it } from "vitest";
import { formatRemaining } from "@/lib/i18n/format-time";

describe("formatRemaining", () => {
  it.each([
    [45_000, "in 45 seconds"],
    [60_000, "in 1 minute"],
    [12 * 60_000 - 1, "in 12 minutes"],
    [3 * 3600_000, "in 3 hours"],
    [3 * 86400_000, "in 3 days"],
    [-5, "in 0 seconds"],
  ])("%i ms → %s", (ms, text) => expect(formatRemaining(ms, "en")).toBe(text));
});
