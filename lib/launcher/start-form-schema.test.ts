import { describe, expect, it } from "vitest";
import { answerKey, toFormValues } from "@/lib/fields/answer-keys";
import type { AttachedFile } from "@/lib/fields/attached-file";
import {
  buildStartFormSchema,
  startDefaults,
  toStartInputs,
} from "@/lib/launcher/start-form-schema";
import type { FieldSpec } from "@/lib/fields/field-spec";

const base = { label: "Field", required: false };
const image: AttachedFile = {
  source: "local",
  uploadFileId: "u1",
  name: "a.png",
  size: 10,
  type: "image",
};
const link: AttachedFile = {
  source: "remote",
  url: "https://e.com/b.pdf",
  name: "b.pdf",
  type: "document",
};
const fileBase = { ...base, allowedTypes: ["image"], allowedExtensions: [], methods: [] };
const topic: FieldSpec = {
  kind: "text",
  ...base,
  name: "topic",
  label: "Topic",
  required: true,
  defaultValue: "",
  maxLength: null,
};

/** The messages the schema gives for one field's value, or [] when it passes. */
function problems(field: FieldSpec, value: unknown, mode: "auto" | "chatflow" = "auto") {
  const result = buildStartFormSchema([field], mode).safeParse({
    inputs: { [answerKey(field.name)]: value },
    query: "",
  });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("buildStartFormSchema", () => {
  it("text-input: required means non-blank, and max_length is enforced", () => {
    const field: FieldSpec = { ...topic, maxLength: 5 };
    expect(problems(field, "")).toEqual(["Enter Topic."]);
    expect(problems(field, "   ")).toEqual(["Enter Topic."]);
    expect(problems(field, "abcdef")).toEqual(["At most 5 characters."]);
    expect(problems(field, "abc")).toEqual([]);
  });

  it("paragraph: optional accepts empty, and max_length is enforced", () => {
    const field: FieldSpec = {
      kind: "paragraph",
      ...base,
      name: "brief",
      defaultValue: "",
      maxLength: 3,
    };
    expect(problems(field, "")).toEqual([]);
    expect(problems(field, "long")).toEqual(["At most 3 characters."]);
  });

  it("select: a value must be one of the options; required refuses none", () => {
    const field: FieldSpec = {
      kind: "select",
      ...base,
      name: "audience",
      label: "Audience",
      options: ["A", "B"],
      defaultValue: "",
    };
    expect(problems(field, "")).toEqual([]);
    expect(problems(field, "C")).toEqual(["Choose one of the options."]);
    expect(problems({ ...field, required: true }, "")).toEqual(["Choose Audience."]);
    expect(problems({ ...field, required: true }, "B")).toEqual([]);
  });

  it("number: empty when optional, otherwise a finite number", () => {
    const field: FieldSpec = { kind: "number", ...base, name: "n", label: "N", defaultValue: "" };
    expect(problems(field, "")).toEqual([]);
    expect(problems(field, "12.5")).toEqual([]);
    expect(problems(field, "twelve")).toEqual(["Enter a number."]);
    expect(problems({ ...field, required: true }, "")).toEqual(["Enter N."]);
  });

  it("file: at most one, at least one when required", () => {
    const field: FieldSpec = { kind: "file", ...fileBase, name: "img" };
    expect(problems(field, [])).toEqual([]);
    expect(problems(field, [image, image])).toEqual(["Attach only one file."]);
    expect(problems({ ...field, required: true }, [])).toEqual(["Attach a file."]);
  });

  it("file-list: up to its limit, at least one when required", () => {
    const field: FieldSpec = { kind: "file-list", ...fileBase, name: "docs", maxFiles: 2 };
    expect(problems(field, [image, link])).toEqual([]);
    expect(problems(field, [image, link, image])).toEqual(["Attach at most 2."]);
    expect(problems({ ...field, required: true }, [])).toEqual(["Attach at least one file."]);
    expect(problems({ ...field, maxFiles: 0 }, [image, image, image])).toEqual([]);
  });

  it("an unknown kind is a plain text field", () => {
    const field: FieldSpec = {
      kind: "other",
      ...base,
      name: "x",
      label: "X",
      required: true,
      type: "json",
      defaultValue: "",
    };
    expect(problems(field, "")).toEqual(["Enter X."]);
    expect(problems(field, "{}")).toEqual([]);
  });

  it("checkbox: a boolean, unchecked by default when missing", () => {
    const field: FieldSpec = { kind: "checkbox", ...base, name: "c", defaultValue: false };
    expect(problems(field, true)).toEqual([]);
    expect(problems(field, "true")).not.toEqual([]);
    expect(buildStartFormSchema([field], "auto").parse({ inputs: {} }).inputs).toEqual({
      [answerKey("c")]: false,
    });
  });

  it("json: an object, with a clear message for bad syntax and for other values", () => {
    const field: FieldSpec = { kind: "json", ...base, name: "j", label: "J", defaultValue: "" };
    expect(problems(field, "")).toEqual([]);
    expect(problems(field, ' { "a": [1, 2] } ')).toEqual([]);
    expect(problems(field, '{"a": 1')).toEqual([
      expect.stringMatching(/^This is not valid JSON: .+/) as string,
    ]);
    for (const other of ["[1]", "3", '"text"', "null"])
      expect(problems(field, other)).toEqual(['Enter a JSON object, in braces: {"key": "value"}.']);
    expect(problems({ ...field, required: true }, " ")).toEqual(["Enter J."]);
  });

  it("treats a missing answer as an empty one, still checked", () => {
    const field = topic;
    const schema = buildStartFormSchema(
      [field, { kind: "file", ...fileBase, name: "img" }],
      "auto",
    );
    expect(schema.safeParse({ inputs: {} }).error?.issues.map((issue) => issue.message)).toEqual([
      "Enter Topic.",
    ]);
    expect(schema.parse({ inputs: toFormValues({ topic: "x" }) })).toEqual({
      inputs: toFormValues({ topic: "x", img: [] }),
      query: "",
    });
  });

  it("asks for the message only of a chat app", () => {
    const auto = buildStartFormSchema([], "auto");
    const chat = buildStartFormSchema([], "chatflow");
    expect(auto.safeParse({ inputs: {}, query: "" }).success).toBe(true);
    const result = chat.safeParse({ inputs: {}, query: " " });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Write a message to start with.",
    ]);
    expect(chat.safeParse({ inputs: {}, query: "Hello" }).success).toBe(true);
  });
});

describe("startDefaults and toStartInputs", () => {
  const fields: FieldSpec[] = [
    { kind: "text", ...base, name: "topic", defaultValue: "News", maxLength: null },
    { kind: "select", ...base, name: "audience", options: ["A"], defaultValue: "A" },
    { kind: "number", ...base, name: "words", defaultValue: "" },
    { kind: "file", ...fileBase, name: "img" },
    { kind: "file-list", ...fileBase, name: "docs", maxFiles: 3 },
    { kind: "checkbox", ...base, name: "notify", defaultValue: true },
    { kind: "json", ...base, name: "settings", defaultValue: "" },
  ];

  it("starts from the app's defaults with no files and no message", () => {
    expect(startDefaults(fields)).toEqual({
      inputs: toFormValues({
        topic: "News",
        audience: "A",
        words: "",
        img: [],
        docs: [],
        notify: true,
        settings: "",
      }),
      query: "",
    });
  });

  it("sends numbers as numbers, files as mappings, and leaves empty answers out", () => {
    expect(
      toStartInputs(fields, {
        inputs: toFormValues({
          topic: "News",
          audience: "",
          words: "250",
          img: [image],
          docs: [image, link],
          notify: false,
          settings: '{"channel": "email", "retries": 2}',
        }),
        query: "",
      }),
    ).toEqual({
      topic: "News",
      words: 250,
      notify: false,
      settings: { channel: "email", retries: 2 },
      img: {
        type: "image",
        transfer_method: "local_file",
        upload_file_id: "u1",
        extension: ".png",
      },
      docs: [
        { type: "image", transfer_method: "local_file", upload_file_id: "u1", extension: ".png" },
        {
          type: "document",
          transfer_method: "remote_url",
          url: "https://e.com/b.pdf",
          extension: ".pdf",
        },
      ],
    });
    expect(toStartInputs(fields, startDefaults(fields))).toEqual({
      topic: "News",
      audience: "A",
      notify: true,
    });
  });
});
