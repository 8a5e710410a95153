import { describe, expect, it } from "vitest";
import type { UserInputItem } from "./demo-apps";
import { createEmbeddedStore } from "./store";
import { fileCheckContext } from "./test-client";
import { validateRunInputs } from "./validate-run-inputs";

const store = createEmbeddedStore([]);
const FORM: UserInputItem[] = [
  { "text-input": { label: "Topic", variable: "topic", required: true, default: "" } },
  { select: { label: "A", variable: "audience", required: false, default: "", options: ["x"] } },
  { number: { label: "N", variable: "n", required: false, default: "" } },
  { checkbox: { label: "C", variable: "notify", required: false, default: false } },
  { json_object: { label: "J", variable: "settings", required: false, default: "" } },
  {
    file: {
      label: "F",
      variable: "doc",
      required: false,
      default: "",
      allowed_file_types: ["document"],
      allowed_file_extensions: [],
      allowed_file_upload_methods: [],
    },
  },
];

const context = fileCheckContext(store);
const check = (inputs: Record<string, unknown>) =>
  validateRunInputs({ form: FORM, inputs: { topic: "t", ...inputs }, context });

describe("validateRunInputs", () => {
  it("requires required inputs and strings where a server wants strings", () => {
    expect(validateRunInputs({ form: FORM, inputs: {}, context })).toEqual({
      problem: "topic is required in input form",
    });
    expect(check({ topic: 3 })).toEqual({
      problem: "(type 'text-input') topic in input form must be a string",
    });
    expect(check({ audience: "y" })).toEqual({
      problem: "audience in input form must be one of the following: x",
    });
  });

  it("takes numbers and numeric strings, converting the strings", () => {
    expect(check({ n: "12.5" })).toEqual({ inputs: { topic: "t", n: 12.5 } });
    expect(check({ n: "twelve" })).toEqual({ problem: "n in input form must be a valid number" });
  });

  it("converts checkbox words and 1/0 to booleans, as a server does", () => {
    for (const [sent, got] of [
      ["true", true],
      [" YES ", true],
      ["on", true],
      ["1", true],
      [1, true],
      ["false", false],
      ["no", false],
      ["off", false],
      ["0", false],
      [0, false],
      [true, true],
    ] as const)
      expect(check({ notify: sent })).toEqual({ inputs: { topic: "t", notify: got } });
  });

  it("takes only an object for json_object", () => {
    expect(check({ settings: { a: 1 } })).toEqual({ inputs: { topic: "t", settings: { a: 1 } } });
    for (const bad of ['{"a": 1}', [1], 5])
      expect(check({ settings: bad })).toEqual({
        problem: "settings in input form must be a dict",
      });
  });

  it("checks files by the variable's own settings, with the detected type", () => {
    const remote = (type: string, url: string) => ({ type, transfer_method: "remote_url", url });
    expect(check({ doc: remote("document", "https://e.com/a.pdf") })).toMatchObject({ inputs: {} });
    expect(check({ doc: remote("image", "https://e.com/a.png") })).toEqual({
      problem: "doc in input form: file type 'image' is not allowed",
    });
    // Since 0.7.0 a mapping sent as custom is judged by its own extension, which it lacks here.
    expect(check({ doc: remote("custom", "https://e.com/a.pdf") })).toEqual({
      problem: "doc in input form: extension '' is not allowed",
    });
    expect(check({ doc: remote("video", "https://e.com/a.pdf") })).toEqual({
      problem: "doc in input form: file type 'video' is not allowed",
    });
  });
});
