/** The id of the control that answers a field; its error's id adds `-error`. */
export const fieldInputId = (name: string) => `field-${name}`;

/** Focuses a field's input, or for a file field the element marked `data-field-focus`. */
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
