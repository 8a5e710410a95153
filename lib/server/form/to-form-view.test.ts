import { describe, expect, it, vi } from "vitest";
import type { ApiError } from "@/lib/errors/api-error";
import { buildAnswerSchema } from "@/lib/form/answer-resolver";
import { initialAnswers, toSubmissionInputs } from "@/lib/form/answers";
import { humanInputFormSchema } from "@/lib/dify/schemas";
import { toFormView } from "@/lib/server/form/load-form-view";

const wire = humanInputFormSchema.parse({
  form_content: "{{#$output.draft#}} {{#$output.tone#}}",
  inputs: [
    {
      type: "paragraph",
      output_variable_name: "draft",
      default: { type: "variable", selector: ["llm", "text"], value: "" },
    },
    {
      type: "select",
      output_variable_name: "tone",
      option_source: { type: "constant", selector: [], value: ["Formal", "Friendly"] },
    },
    {
      type: "file",
      output_variable_name: "cover",
      allowed_file_types: ["image"],
      allowed_file_extensions: [],
      allowed_file_upload_methods: ["local_file"],
    },
    {
      type: "file-list",
      output_variable_name: "extra",
      allowed_file_types: ["custom"],
      allowed_file_extensions: [".csv"],
      allowed_file_upload_methods: ["remote_url"],
      number_limits: 2,
    },
    { type: "signature", output_variable_name: "sign" },
  ],
  resolved_default_values: { draft: "Suggested text", tone: "Loud" },
  user_actions: [
    { id: "ok", title: "OK", button_style: "primary" },
    { id: "odd", title: "Odd", button_style: "neon" },
  ],
  expiration_time: null,
});

describe("toFormView", () => {
  const view = toFormView("tok", wire, undefined);

  it("starts a paragraph from its resolved default, else its constant default, else empty", () => {
    const paragraphs = humanInputFormSchema.parse({
      form_content: "",
      inputs: [
        {
          type: "paragraph",
          output_variable_name: "resolved",
          default: { type: "variable", selector: ["n", "v"], value: "" },
        },
        {
          type: "paragraph",
          output_variable_name: "constant",
          default: { type: "constant", selector: [], value: "Fixed text" },
        },
        {
          type: "paragraph",
          output_variable_name: "both",
          default: { type: "constant", selector: [], value: "Fixed text" },
        },
        {
          type: "paragraph",
          output_variable_name: "unresolved",
          default: { type: "variable", selector: ["n", "v"], value: "not shown" },
        },
        { type: "paragraph", output_variable_name: "none", default: null },
      ],
      resolved_default_values: { resolved: "From the run", both: "Resolved wins" },
      user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
      expiration_time: null,
    });
    const defaults = toFormView("tok", paragraphs, undefined).fields.map((field) =>
      field.kind === "paragraph" ? field.defaultValue : null,
    );
    expect(defaults).toEqual(["From the run", "Fixed text", "Resolved wins", "", ""]);
  });

  it("maps every input kind to the one field model, an unknown one as other", () => {
    const common = { required: false, maxLength: null };
    expect(view.fields).toEqual([
      {
        kind: "paragraph",
        name: "draft",
        label: "Draft",
        defaultValue: "Suggested text",
        ...common,
      },
      {
        kind: "select",
        name: "tone",
        label: "Tone",
        required: true,
        options: ["Formal", "Friendly"],
        defaultValue: "",
      },
      {
        kind: "file",
        name: "cover",
        label: "Cover",
        required: true,
        allowedTypes: ["image"],
        allowedExtensions: [],
        methods: ["local_file"],
      },
      {
        kind: "file-list",
        name: "extra",
        label: "Extra",
        required: false,
        allowedTypes: ["custom"],
        allowedExtensions: [".csv"],
        methods: ["remote_url"],
        maxFiles: 2,
      },
      {
        kind: "other",
        name: "sign",
        label: "Sign",
        required: false,
        type: "signature",
        defaultValue: "",
      },
    ]);
  });

  it("lets a select whose list resolved to nothing go without a choice", () => {
    const empty = humanInputFormSchema.parse({
      ...wire,
      inputs: [
        {
          type: "select",
          output_variable_name: "owner",
          option_source: { type: "variable", selector: ["n", "v"], value: [] },
        },
      ],
    });
    const [owner] = toFormView("tok", empty, undefined).fields;
    expect(owner).toMatchObject({ kind: "select", required: false });
  });

  // Forms from graphon up to 0.3.1 have `text_input`: one line of text, sent as typed.
  it.each([
    ["a resolved default", { type: "variable", selector: ["n", "v"], value: "" }, "From the run"],
    ["a constant default", { type: "constant", selector: [], value: "Fixed" }, "Fixed"],
    ["no default", null, ""],
  ])("takes an older server's text_input with %s as one line of text", (_, own, expected) => {
    const older = humanInputFormSchema.parse({
      form_content: "{{#$output.title#}}",
      inputs: [{ type: "text_input", output_variable_name: "title", default: own }],
      resolved_default_values: own?.type === "variable" ? { title: "From the run" } : {},
      user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
      expiration_time: null,
    });
    const fields = toFormView("tok", older, undefined).fields;
    expect(fields).toEqual([
      {
        kind: "text",
        name: "title",
        label: "Title",
        required: false,
        defaultValue: expected,
        maxLength: null,
      },
    ]);
    const answers = { ...initialAnswers(fields), title: "Quarterly plan" };
    expect(buildAnswerSchema(fields).safeParse(answers).success).toBe(true);
    expect(toSubmissionInputs(fields, answers)).toEqual({ title: "Quarterly plan" });
  });

  it("styles unknown button styles as default and uses default limits", () => {
    expect(view.actions.map((a) => a.style)).toEqual(["primary", "default"]);
    expect(view.limits.imageBytes).toBe(10 * 1024 * 1024);
    expect(view.expiresAt).toBeNull();
  });

  it("builds the upstream inputs with every declared key and exact file mappings", () => {
    const answers = {
      ...initialAnswers(view.fields),
      tone: "Friendly",
      cover: [
        {
          source: "local" as const,
          uploadFileId: "f1",
          name: "a.png",
          size: 3,
          type: "image" as const,
        },
      ],
      extra: [
        {
          source: "remote" as const,
          url: "https://x.example/a.csv",
          name: "a.csv",
          type: "custom" as const,
        },
      ],
    };
    expect(buildAnswerSchema(view.fields).safeParse(answers).success).toBe(true);
    expect(toSubmissionInputs(view.fields, answers)).toEqual({
      sign: "",
      draft: "Suggested text",
      tone: "Friendly",
      cover: {
        type: "image",
        transfer_method: "local_file",
        upload_file_id: "f1",
        extension: ".png",
      },
      extra: [
        {
          type: "custom",
          transfer_method: "remote_url",
          url: "https://x.example/a.csv",
          extension: ".csv",
        },
      ],
    });
  });

  it("requires a select choice and a file, and caps a file list", () => {
    const result = buildAnswerSchema(view.fields).safeParse({
      ...initialAnswers(view.fields),
      extra: Array.from({ length: 3 }, (_, i) => ({
        source: "remote",
        url: `https://x/${i}.csv`,
        name: `${i}.csv`,
        type: "custom",
      })),
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path[0]);
    expect(paths).toEqual(["tone", "cover", "extra"]);
  });

  it("refuses a form it cannot answer as the upstream's fault: 502, never the caller's 400", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const twins = humanInputFormSchema.parse({
      form_content: "",
      inputs: [
        { type: "paragraph", output_variable_name: "same", default: null },
        { type: "paragraph", output_variable_name: "same", default: null },
      ],
      user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
    });
    expect(() => toFormView("tok", twins, undefined)).toThrow(
      expect.objectContaining({ status: 502, code: "upstream_bad_response" }) as ApiError,
    );
    expect(String(warn.mock.calls[0]?.[0])).toContain("two fields have the same name");
    warn.mockRestore();
  });
});
