import { describe, expect, it } from "vitest";
import { createEmbeddedStore, type FormRecord } from "./store";
import { fileCheckContext } from "./test-client";
import { validateFormSubmission } from "./validate-form-submission";

const context = fileCheckContext(createEmbeddedStore([]));

const form = {
  actions: [{ id: "ok", title: "OK", button_style: "primary" }],
  inputs: [
    { type: "signature", output_variable_name: "sig" },
    {
      type: "select",
      output_variable_name: "owner",
      option_source: { type: "variable", selector: ["team"], value: [] },
    },
    {
      type: "select",
      output_variable_name: "tone",
      option_source: { type: "constant", selector: [], value: ["Formal"] },
    },
  ],
} as unknown as FormRecord;

const check = (inputs: Record<string, unknown>, action = "ok") =>
  validateFormSubmission({ form, inputs, action, context });

describe("validateFormSubmission", () => {
  it("checks in the server's order: the action, every declared key, then each value", () => {
    expect(check({}, "nope")).toBe("Invalid action: nope");
    // An input of a type the service does not know is still a declared key.
    expect(check({ tone: "Casual" })).toBe("Missing required inputs: sig, owner");
    expect(check({ sig: "", owner: "", tone: "Casual" })).toMatch(
      /^Invalid value for select input 'tone'/,
    );
  });

  it.each([
    ["a string", "Quarterly plan", null],
    ["a number", 7, "Invalid value for text_input input 'title': expected a string"],
    ["a list", ["a"], "Invalid value for text_input input 'title': expected a string"],
  ])("takes an older server's text_input as text: %s", (_, value, problem) => {
    const older = {
      ...form,
      inputs: [{ type: "text_input", output_variable_name: "title", default: null }],
    } as unknown as FormRecord;
    expect(
      validateFormSubmission({ form: older, inputs: { title: value }, action: "ok", context }),
    ).toBe(problem);
  });

  it("builds the file values present before anything else, as the newest service does", () => {
    const withFile = {
      ...form,
      inputs: [
        ...form.inputs,
        {
          type: "file",
          output_variable_name: "doc",
          allowed_file_types: ["document"],
          allowed_file_extensions: [],
          allowed_file_upload_methods: [],
        },
      ],
    };
    const bad = { type: "document", transfer_method: "local_file", upload_file_id: "nope" };
    const checkFile = (inputs: Record<string, unknown>, action = "ok") =>
      validateFormSubmission({ form: withFile, inputs, action, context });
    // A bad file value present wins over a bad action and missing keys.
    expect(checkFile({ doc: bad }, "nope")).toMatch(/^Invalid value for file input 'doc'/);
    // Absent, it is a missing key, named after the action is checked.
    expect(checkFile({}, "nope")).toBe("Invalid action: nope");
    expect(checkFile({})).toBe("Missing required inputs: sig, owner, tone, doc");
  });

  it("checks membership only for constant options", () => {
    expect(check({ sig: "", owner: "anyone", tone: "Formal" })).toBeNull();
  });
});
