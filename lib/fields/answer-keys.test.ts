import { createFormControl } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { answerKey, answerName, fromFormValues, toFormValues } from "@/lib/fields/answer-keys";

type FormValues = Record<string, string>;

// Legal variable names that react-hook-form refuses as path segments, and a plain one.
const names = ["__proto__", "constructor", "prototype", "note"];
// As sent: JSON.parse makes `__proto__` an own key.
const byName = JSON.parse(
  `{${names.map((name) => `"${name}": "suggested ${name}"`).join(", ")}}`,
) as FormValues;

describe("form values", () => {
  it("hold every answer in react-hook-form, by variable name again at the edge", () => {
    const form = createFormControl<FormValues>({
      defaultValues: toFormValues(byName),
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
      defaultValues: toFormValues(byName),
    });
    for (const name of names) {
      form.setError(answerKey(name), { type: "server", message: name });
      expect(form.getFieldState(answerKey(name)).error?.message).toBe(name);
    }
  });

  it("name the variable a key stands for, and nothing for another key", () => {
    expect(names.map((name) => answerName(answerKey(name)))).toEqual(names);
    expect(answerName("query")).toBeUndefined();
  });
});
