import { describe, expect, it } from "vitest";
import { parseTtl } from "@/lib/tools/cli/parse-ttl";

describe("parseTtl", () => {
  it("parses TTLs", () => {
    expect(parseTtl("7d")).toBe(604_800);
    expect(parseTtl("90")).toBe(90);
    expect(() => parseTtl("soon")).toThrow(/Invalid TTL/);
  });
});
