import { createFormControl } from "react-hook-form";
import { describe, expect, it } from "vitest";
import {
  answerKey,
  fromFormValues,
  initialAnswers,
  toFormValues,
  type FormValues,
} from "@/lib/form/answers";
import type { FieldView } from "@/lib/form/form-view";

const paragraph = (name: string, defaultValue: string): FieldView => ({
  kind: "paragraph",
  name,
  label: name,
  defaultValue,
});

// Legal variable names that react-hook-form refuses as path segments, and a plain one.
const names = ["__proto__", "constructor", "prototype", "note"];
const fields = names.map((name) => paragraph(name, `suggested ${name}`));

describe("form values", () => {
  it("hold every answer in react-hook-form, by variable name again at the edge", () => {
    const form = createFormControl<FormValues>({
      defaultValues: toFormValues(initialAnswers(fields)),
    });
    const answers = fromFormValues(form.getValues());
    expect(Object.getPrototypeOf(answers)).toBeNull();
    expect(Object.entries(answers)).toEqual([
      ["__proto__", "suggested __proto__"],
      ["constructor", "suggested constructor"],
      ["prototype", "suggested prototype"],
      ["note", "suggested note"],
    ]);
  });

  it("hold a problem of every field", () => {
    const form = createFormControl<FormValues>({
      defaultValues: toFormValues(initialAnswers(fields)),
    });
    for (const name of names) {
      form.setError(answerKey(name), { type: "server", message: name });
      expect(form.getFieldState(answerKey(name)).error?.message).toBe(name);
    }
  });
});
