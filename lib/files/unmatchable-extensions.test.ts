import { describe, expect, it } from "vitest";
import { unmatchableExtensions } from "./unmatchable-extensions";

describe("unmatchableExtensions", () => {
  it.each([
    [[".pdf", ".tar.gz"], []],
    [
      ["pdf", ".PDF", ".Log", "."],
      ["pdf", ".PDF", ".Log", "."],
    ],
    [[".zip", "zip"], ["zip"]],
  ])("%j → %j", (list, expected) => {
    expect(unmatchableExtensions(list)).toEqual(expected);
  });
});
