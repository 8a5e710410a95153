import type { DocumentView } from "@/lib/knowledge/knowledge-views";

// Kept by id with the document as the table last showed it, so the choice survives paging and
// searching and the review can show each value now.

export type DocumentSelection = ReadonlyMap<string, DocumentView>;

export const emptySelection = (): DocumentSelection => new Map();

export const toggleDocument = (selection: DocumentSelection, document: DocumentView) =>
  selectPage(selection, [document], !selection.has(document.id));

// Shift-choosing: every document of the page from the anchor (the last one chosen) to this one
// takes this one's new state. Without an anchor on the page it is a plain toggle.
export function selectRange(
  selection: DocumentSelection,
  page: readonly DocumentView[],
  anchorId: string | null,
  document: DocumentView,
): DocumentSelection {
  const from = page.findIndex((item) => item.id === anchorId);
  const to = page.findIndex((item) => item.id === document.id);
  if (from < 0 || to < 0) return toggleDocument(selection, document);
  const range = page.slice(Math.min(from, to), Math.max(from, to) + 1);
  return selectPage(selection, range, !selection.has(document.id));
}

export function selectPage(
  selection: DocumentSelection,
  page: readonly DocumentView[],
  select: boolean,
): DocumentSelection {
  const next = new Map(selection);
  for (const item of page) {
    if (select) next.set(item.id, item);
    else next.delete(item.id);
  }
  return next;
}

export function pageSelectionState(selection: DocumentSelection, page: readonly DocumentView[]) {
  const chosen = page.filter((item) => selection.has(item.id)).length;
  if (chosen === 0) return "none";
  return chosen === page.length ? "all" : "some";
}

/** The chosen documents with the values of the latest read of them (after a refetch). */
export function refreshSelection(selection: DocumentSelection, page: readonly DocumentView[]) {
  if (!page.some((item) => selection.has(item.id) && selection.get(item.id) !== item))
    return selection;
  const next = new Map(selection);
  for (const item of page) if (next.has(item.id)) next.set(item.id, item);
  return next;
}
