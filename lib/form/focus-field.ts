/**
 * Focuses the control that answers a field: its input, or, for a file field (no single input),
 * the element marked `data-field-focus` with the field's name.
 */
export function focusField(name: string, inputId: string) {
  const target =
    document.querySelector<HTMLElement>(`[data-field-focus="${CSS.escape(name)}"]`) ??
    document.getElementById(inputId);
  // A field shown in another view (a paragraph's Preview) is shown in its own first.
  const panel = target?.closest<HTMLElement>("[role=tabpanel][hidden]");
  if (panel)
    document.querySelector<HTMLElement>(`[role=tab][aria-controls="${panel.id}"]`)?.click();
  target?.focus();
  target?.scrollIntoView({ block: "center" });
}
