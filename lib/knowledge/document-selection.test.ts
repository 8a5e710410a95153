import { describe, expect, it } from "vitest";
import {
  emptySelection,
  pageSelectionState,
  refreshSelection,
  selectPage,
  selectRange,
  toggleDocument,
} from "@/lib/knowledge/document-selection";
import type { DocumentView } from "@/lib/knowledge/knowledge-views";

const doc = (id: string, values: DocumentView["values"] = {}): DocumentView => ({
  id,
  name: `${id}.md`,
  status: "available",
  values,
});
const page1 = ["a", "b", "c", "d"].map((id) => doc(id));
const page2 = ["e", "f"].map((id) => doc(id));
const ids = (selection: ReadonlyMap<string, unknown>) => [...selection.keys()].sort();

describe("document selection", () => {
  it("keeps documents chosen on other pages", () => {
    let selection = toggleDocument(emptySelection(), page1[1]!);
    selection = toggleDocument(selection, page2[0]!);
    expect(ids(selection)).toEqual(["b", "e"]);
    expect(ids(toggleDocument(selection, page1[1]!))).toEqual(["e"]);
  });

  it("chooses a range on the page from the anchor, either direction", () => {
    const start = toggleDocument(emptySelection(), page1[3]!);
    expect(ids(selectRange(start, page1, "d", page1[1]!))).toEqual(["b", "c", "d"]);
    // Shift on a chosen one lets the range go.
    const all = selectPage(emptySelection(), page1, true);
    expect(ids(selectRange(all, page1, "a", page1[2]!))).toEqual(["d"]);
    // An anchor from another page: a plain toggle.
    expect(ids(selectRange(start, page1, "e", page1[0]!))).toEqual(["a", "d"]);
  });

  it("chooses and lets go of a whole page, and says how much of it is chosen", () => {
    const selection = selectPage(toggleDocument(emptySelection(), page2[0]!), page1, true);
    expect(ids(selection)).toEqual(["a", "b", "c", "d", "e"]);
    expect(pageSelectionState(selection, page1)).toBe("all");
    expect(pageSelectionState(selection, page2)).toBe("some");
    expect(ids(selectPage(selection, page1, false))).toEqual(["e"]);
  });

  it("takes the latest values of chosen documents after a refetch", () => {
    const selection = toggleDocument(emptySelection(), doc("a", { f: 1 }));
    const refreshed = refreshSelection(selection, [doc("a", { f: 2 }), doc("b")]);
    expect(refreshed.get("a")?.values).toEqual({ f: 2 });
    expect(refreshed.has("b")).toBe(false);
    expect(refreshSelection(refreshed, [refreshed.get("a")!])).toBe(refreshed);
  });
});
