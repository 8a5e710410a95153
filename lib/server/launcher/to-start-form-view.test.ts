import { describe, expect, it } from "vitest";
import { appParametersSchema } from "@/lib/dify/schemas";
import { hiddenStartInputs, toStartFormView } from "@/lib/server/launcher/to-start-form-view";

const MB = 1024 * 1024;

function view(userInputForm: unknown[], extra: Record<string, unknown> = {}) {
  return toStartFormView(
    appParametersSchema.parse({ user_input_form: userInputForm, ...extra }),
    "auto",
  );
}

describe("toStartFormView", () => {
  it("leaves out the fields the app's author hid, and sends their defaults instead", () => {
    const form = [
      { "text-input": { label: "Topic", variable: "topic", required: true, default: "" } },
      { "text-input": { variable: "source", required: true, default: "web", hide: true } },
      { select: { variable: "tier", required: true, default: "", options: ["a"], hide: true } },
      { checkbox: { variable: "notify", default: false, hide: true } },
    ];
    expect(view(form).fields.map((field) => field.name)).toEqual(["topic"]);
    const inputs = hiddenStartInputs(appParametersSchema.parse({ user_input_form: form }));
    expect({ ...inputs }).toEqual({ source: "web", notify: false });
  });

  it("maps each kind of control with its label, required flag and default", () => {
    const { fields } = view([
      {
        "text-input": {
          label: "Topic",
          variable: "topic",
          required: true,
          default: "",
          max_length: 120,
        },
      },
      { paragraph: { label: "", variable: "brief_text", required: false, default: "Hi" } },
      {
        select: {
          label: "Audience",
          variable: "audience",
          required: true,
          default: "Engineers",
          options: ["Engineers", "Executives"],
        },
      },
      { number: { label: "Words", variable: "word_count", required: false, default: 300 } },
      { "external-data-tool": { label: "Lookup", variable: "lookup", required: false } },
    ]);
    expect(fields).toEqual([
      {
        kind: "text",
        name: "topic",
        label: "Topic",
        required: true,
        defaultValue: "",
        maxLength: 120,
      },
      {
        kind: "paragraph",
        name: "brief_text",
        label: "Brief text",
        required: false,
        defaultValue: "Hi",
        maxLength: null,
      },
      {
        kind: "select",
        name: "audience",
        label: "Audience",
        required: true,
        options: ["Engineers", "Executives"],
        defaultValue: "Engineers",
      },
      { kind: "number", name: "word_count", label: "Words", required: false, defaultValue: "300" },
      {
        kind: "other",
        name: "lookup",
        label: "Lookup",
        required: false,
        type: "external-data-tool",
        defaultValue: "",
      },
    ]);
  });

  it("drops a select default that is not one of its options", () => {
    const [field] = view([
      { select: { label: "A", variable: "a", required: false, default: "Z", options: ["X"] } },
    ]).fields;
    expect(field).toMatchObject({ kind: "select", defaultValue: "" });
  });

  it("takes a start variable's own file settings (empty: no restriction), counts as before", () => {
    const { fields, limits } = view(
      [
        {
          file: {
            label: "Image",
            variable: "image",
            required: false,
            allowed_file_types: ["image"],
            allowed_file_upload_methods: ["local_file"],
          },
        },
        { "file-list": { label: "Docs", variable: "docs", required: true, max_length: 50 } },
        { "file-list": { label: "More", variable: "more", required: false } },
      ],
      {
        file_upload: {
          allowed_file_types: ["document"],
          allowed_file_upload_methods: ["remote_url"],
          number_limits: 4,
        },
        system_parameters: { image_file_size_limit: 2, workflow_file_upload_limit: 20 },
      },
    );
    expect(fields[0]).toEqual({
      kind: "file",
      name: "image",
      label: "Image",
      required: false,
      allowedTypes: ["image"],
      allowedExtensions: [],
      methods: ["local_file"],
    });
    // The app-wide file_upload types and methods do not apply to start variables; its own 50,
    // capped by the service's 20.
    expect(fields[1]).toMatchObject({
      kind: "file-list",
      required: true,
      allowedTypes: ["image", "document", "audio", "video"],
      methods: ["local_file", "remote_url"],
      maxFiles: 20,
    });
    expect(fields[2]).toMatchObject({ kind: "file-list", maxFiles: 4 });
    expect(limits).toMatchObject({ imageBytes: 2 * MB, documentBytes: 15 * MB });
  });

  it("offers custom only for a variable's own extensions", () => {
    const [field] = view([
      {
        file: {
          label: "Archive",
          variable: "archive",
          required: false,
          allowed_file_types: [],
          allowed_file_extensions: [".zip"],
        },
      },
    ]).fields;
    expect(field).toMatchObject({
      allowedTypes: ["image", "document", "audio", "video", "custom"],
      allowedExtensions: [".zip"],
    });
  });

  it("maps checkbox and json_object controls with their defaults", () => {
    const { fields } = view([
      { checkbox: { label: "Notify", variable: "notify", required: false, default: true } },
      { checkbox: { label: "Quiet", variable: "quiet", required: false } },
      { json_object: { label: "Settings", variable: "settings", required: true, default: "" } },
      {
        json_object: { label: "Preset", variable: "preset", required: false, default: { a: 1 } },
      },
    ]);
    expect(fields).toEqual([
      { kind: "checkbox", name: "notify", label: "Notify", required: false, defaultValue: true },
      { kind: "checkbox", name: "quiet", label: "Quiet", required: false, defaultValue: false },
      { kind: "json", name: "settings", label: "Settings", required: true, defaultValue: "" },
      {
        kind: "json",
        name: "preset",
        label: "Preset",
        required: false,
        defaultValue: '{\n  "a": 1\n}',
      },
    ]);
  });

  it("keeps a known control whose fields are malformed as an unknown one", () => {
    const [field] = view([
      { select: { label: "Broken", variable: "broken", required: false, options: "x" } },
    ]).fields;
    expect(field).toMatchObject({ kind: "other", type: "select", name: "broken" });
  });

  it("passes the opening statement and the non-empty suggested questions", () => {
    const result = view([], {
      opening_statement: "  Ask away. ",
      suggested_questions: ["One?", " ", "Two?"],
    });
    expect(result).toMatchObject({
      mode: "auto",
      openingStatement: "Ask away.",
      suggestedQuestions: ["One?", "Two?"],
    });
  });
});
