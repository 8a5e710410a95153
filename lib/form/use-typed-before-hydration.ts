import { useLayoutEffect, useState } from "react";
import type { UseFormSetValue } from "react-hook-form";
import { answerKey } from "@/lib/fields/answer-keys";
import type { FormValues } from "@/lib/form/answers";
import { fieldInputId } from "@/lib/form/focus-field";
import type { FieldSpec } from "@/lib/fields/field-spec";

// Text fields take input before the page hydrates, and react-hook-form writes each field's starting
// value into the DOM when it registers it: what was typed is read from the DOM during the
// hydration render and put back right after it, before the browser paints.

/** Whether a field takes input before the page hydrates: one plain control holding its answer. */
export function takesInputBeforeHydration(field: FieldSpec): boolean {
  return field.kind === "paragraph" || field.kind === "text" || field.kind === "select";
}

type Typed = { values: FormValues; focus: { name: string; start: number; end: number } | null };

function readTyped(fields: readonly FieldSpec[], initial: FormValues): Typed {
  const typed: Typed = { values: {}, focus: null };
  if (typeof document === "undefined") return typed;
  for (const field of fields) {
    if (!takesInputBeforeHydration(field)) continue;
    const control = document.getElementById(fieldInputId(field.name));
    if (!(
      control instanceof HTMLTextAreaElement ||
      control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement
    ))
      continue;
    // The selection too, even in an untouched field: hydration writes the field's text anew,
    // which moves the caret to its start, and what is pasted next would land there.
    if (control === document.activeElement && !(control instanceof HTMLSelectElement)) {
      typed.focus = {
        name: field.name,
        start: control.selectionStart ?? 0,
        end: control.selectionEnd ?? 0,
      };
    }
    const key = answerKey(field.name);
    if (control.value !== initial[key]) typed.values[key] = control.value;
  }
  return typed;
}

/** Puts back what was typed before hydration, and returns it: a draft must not overwrite it. */
export function useTypedBeforeHydration(
  fields: readonly FieldSpec[],
  initial: FormValues,
  setValue: UseFormSetValue<FormValues>,
): FormValues {
  // Read during the hydration render, while the DOM is still the server's, as typed into.
  const [typed] = useState(() => readTyped(fields, initial));
  useLayoutEffect(() => {
    for (const [key, value] of Object.entries(typed.values)) {
      setValue(key, value, { shouldDirty: true });
    }
    // Writing the value moves the caret: back to where the person was typing or selecting.
    const focused = typed.focus;
    if (!focused) return;
    const control = document.getElementById(fieldInputId(focused.name));
    if (control instanceof HTMLTextAreaElement || control instanceof HTMLInputElement) {
      control.setSelectionRange(focused.start, focused.end);
    }
  }, [typed, setValue]);
  return typed.values;
}
