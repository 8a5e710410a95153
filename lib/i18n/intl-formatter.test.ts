import { describe, expect, it } from "vitest";
import { intlFormatter } from "@/lib/i18n/intl-formatter";

describe("intlFormatter", () => {
  it("builds a formatter once per locale and options, and formats as Intl does", () => {
    const list = intlFormatter("ListFormat", "en", { type: "disjunction" });
    expect(intlFormatter("ListFormat", "en", { type: "disjunction" })).toBe(list);
    expect(list.format(["a", "b"])).toBe("a or b");
    expect(intlFormatter("ListFormat", "en", { type: "conjunction" })).not.toBe(list);
    expect(intlFormatter("ListFormat", "ja", { type: "disjunction" })).not.toBe(list);
    expect(intlFormatter("NumberFormat", "de", undefined).format(1234.5)).toBe("1.234,5");
  });
});
