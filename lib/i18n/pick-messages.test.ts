import { describe, expect, it } from "vitest";
import { pickMessages } from "@/lib/i18n/pick-messages";
import { loadMessages } from "@/lib/i18n/request";

describe("pickMessages", () => {
  it("keeps the core words and the areas asked for, and no other area's", async () => {
    const all = await loadMessages("en");
    const picked = pickMessages(all, ["form", "run"]);
    expect(Object.keys(picked).sort()).toEqual([
      "appError",
      "common",
      "form",
      "meta",
      "notFound",
      "run",
    ]);
    expect(picked.form).toBe(all.form);
    expect(Object.keys(pickMessages(all, [])).sort()).toEqual([
      "appError",
      "common",
      "meta",
      "notFound",
    ]);
  });
});
