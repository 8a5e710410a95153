import { describe, expect, it } from "vitest";
import { fieldsNamedIn } from "@/lib/dify/submission-error-field";

describe("fieldsNamedIn", () => {
  const known = ["topic", "tone", "cover"];

  it("reads the fields a rejected form submission names", () => {
    expect(fieldsNamedIn("Missing required inputs: tone, cover, nope", known)).toEqual([
      "tone",
      "cover",
    ]);
    expect(fieldsNamedIn("Invalid value for select input 'tone': x", known)).toEqual(["tone"]);
  });

  it("reads the field a rejected run start names", () => {
    expect(fieldsNamedIn("topic is required in input form", known)).toEqual(["topic"]);
    expect(fieldsNamedIn("topic in input form must be less than 120 characters", known)).toEqual([
      "topic",
    ]);
    expect(fieldsNamedIn("other is required in input form", known)).toEqual([]);
  });
});
