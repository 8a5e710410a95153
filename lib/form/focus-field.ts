/**
 * Focuses the control that answers a field: its input, or, for a file field (no single input),
 * the element marked `data-field-focus` with the field's name.
 */
export function focusField(name: string, inputId: string) {
  const target =
    document.querySelector<HTMLElement>(`[data-field-focus="${CSS.escape(name)}"]`) ??
    document.getElementById(inputId);
  target?.focus();
  target?.scrollIntoView({ block: "center" });
}
