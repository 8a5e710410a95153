import { describe, expect, it } from "vitest";
import type { AttachedFile } from "@/lib/fields/attached-file";
import { encodeFieldIssue, decodeFieldIssue } from "@/lib/fields/field-issue";
import { buildFieldsShape } from "@/lib/fields/field-schema";
import type { FieldSpec } from "@/lib/fields/field-spec";
import { defaultValues, toFileMapping, toWireInputs } from "@/lib/fields/wire-inputs";
import { initialAnswers, toSubmissionInputs } from "@/lib/form/answers";
import { startDefaults, toStartInputs } from "@/lib/launcher/start-form-schema";
import { z } from "zod";

const common = { label: "Field", required: false };
const files = { allowedTypes: ["image", "document"], allowedExtensions: [], methods: [] };
const photo: AttachedFile = {
  source: "local",
  uploadFileId: "up-1",
  name: "photo.png",
  size: 10,
  type: "image",
};
const report: AttachedFile = {
  source: "remote",
  url: "https://files.example/report.pdf",
  name: "report.pdf",
  type: "document",
};
const custom: AttachedFile = {
  source: "local",
  uploadFileId: "up-2",
  name: "data.csv",
  size: 4,
  type: "custom",
};

// Every kind of the field model, as the launcher's start form has them.
const startFields: FieldSpec[] = [
  { kind: "text", ...common, name: "topic", defaultValue: "News", maxLength: 20 },
  { kind: "paragraph", ...common, name: "brief", defaultValue: "", maxLength: null },
  { kind: "select", ...common, name: "tone", options: ["Warm", "Dry"], defaultValue: "Warm" },
  { kind: "number", ...common, name: "words", defaultValue: "300" },
  { kind: "checkbox", ...common, name: "notify", defaultValue: false },
  { kind: "json", ...common, name: "settings", defaultValue: "" },
  { kind: "file", ...common, ...files, name: "cover" },
  { kind: "file-list", ...common, ...files, name: "attachments", maxFiles: 3 },
  { kind: "other", ...common, name: "sig", type: "signature", defaultValue: "" },
];

// Every kind a Human Input form has.
const formFields: FieldSpec[] = [
  {
    kind: "paragraph",
    name: "draft",
    label: "Draft",
    required: false,
    defaultValue: "Suggested",
    maxLength: null,
  },
  {
    kind: "select",
    name: "decision",
    label: "Decision",
    required: true,
    options: ["Yes", "No"],
    defaultValue: "",
  },
  { kind: "file", name: "proof", label: "Proof", required: true, ...files },
  { kind: "file-list", name: "extras", label: "Extras", required: false, ...files, maxFiles: 0 },
  {
    kind: "other",
    name: "stamp",
    label: "Stamp",
    required: false,
    type: "stamp",
    defaultValue: "",
  },
];

describe("toFileMapping", () => {
  it("maps an upload and a link with the type chosen for them and their extension", () => {
    expect(toFileMapping(photo)).toEqual({
      type: "image",
      transfer_method: "local_file",
      upload_file_id: "up-1",
      extension: ".png",
    });
    expect(toFileMapping(report)).toEqual({
      type: "document",
      transfer_method: "remote_url",
      url: "https://files.example/report.pdf",
      extension: ".pdf",
    });
    expect(toFileMapping({ ...report, url: "https://files.example/get?id=1" }).extension).toBe("");
    expect(toFileMapping(custom).type).toBe("custom");
  });
});

describe("the start form's wire mapping", () => {
  it("sends the defaults that are not empty, and nothing for empty ones", () => {
    expect(defaultValues(startFields)).toEqual({
      topic: "News",
      brief: "",
      tone: "Warm",
      words: "300",
      notify: false,
      settings: "",
      cover: [],
      attachments: [],
      sig: "",
    });
    expect(toStartInputs(startFields, startDefaults(startFields))).toEqual({
      topic: "News",
      tone: "Warm",
      words: 300,
      notify: false,
    });
  });

  it("maps every kind: text, paragraph, select, number, checkbox, JSON, files, links", () => {
    const values = {
      topic: "Launch",
      brief: "Two lines\nof brief",
      tone: "Dry",
      words: " 12.5 ",
      notify: true,
      settings: '{"channel": "email"}',
      cover: [photo],
      attachments: [report, custom],
      sig: "J. Doe",
    };
    expect(toWireInputs(startFields, values, "start")).toEqual({
      topic: "Launch",
      brief: "Two lines\nof brief",
      tone: "Dry",
      words: 12.5,
      notify: true,
      settings: { channel: "email" },
      cover: {
        type: "image",
        transfer_method: "local_file",
        upload_file_id: "up-1",
        extension: ".png",
      },
      attachments: [
        {
          type: "document",
          transfer_method: "remote_url",
          url: "https://files.example/report.pdf",
          extension: ".pdf",
        },
        {
          type: "custom",
          transfer_method: "local_file",
          upload_file_id: "up-2",
          extension: ".csv",
        },
      ],
      sig: "J. Doe",
    });
  });

  it("leaves out blank text, an empty select, no files and JSON that holds no object", () => {
    const values = {
      ...defaultValues(startFields),
      topic: "   ",
      tone: "",
      words: "",
      settings: "[1, 2]",
    };
    expect(toWireInputs(startFields, values, "start")).toEqual({ notify: false });
  });
});

describe("the Human Input form's wire mapping", () => {
  it('names every declared input from the starting answers, an unknown one as ""', () => {
    const answers = initialAnswers(formFields);
    expect(answers).toEqual({ draft: "Suggested", decision: "", proof: [], extras: [], stamp: "" });
    expect(toSubmissionInputs(formFields, answers)).toEqual({
      draft: "Suggested",
      decision: "",
      extras: [],
      stamp: "",
    });
  });

  it("maps a paragraph, a select, one file and a list of uploads and links", () => {
    expect(
      toSubmissionInputs(formFields, {
        draft: "",
        decision: "Yes",
        proof: [report],
        extras: [photo, report],
      }),
    ).toEqual({
      stamp: "",
      draft: "",
      decision: "Yes",
      proof: {
        type: "document",
        transfer_method: "remote_url",
        url: "https://files.example/report.pdf",
        extension: ".pdf",
      },
      extras: [
        { type: "image", transfer_method: "local_file", upload_file_id: "up-1", extension: ".png" },
        {
          type: "document",
          transfer_method: "remote_url",
          url: "https://files.example/report.pdf",
          extension: ".pdf",
        },
      ],
    });
  });
});

describe("field problems as message keys", () => {
  it("gives keys and parameters, decoded back where they are shown", () => {
    const shape = buildFieldsShape(formFields, {
      dialect: "human-input",
      say: encodeFieldIssue,
    });
    const result = z.object(shape).safeParse(initialAnswers(formFields));
    const issues = result.error?.issues.map((issue) => decodeFieldIssue(issue.message));
    expect(issues).toEqual([
      { key: "chooseOption", values: {} },
      { key: "attachFile", values: {} },
    ]);
    const start = buildFieldsShape(startFields.slice(0, 1), {
      dialect: "start",
      say: encodeFieldIssue,
    });
    const long = z.object(start).safeParse({ topic: "x".repeat(21) });
    expect(long.error?.issues.map((issue) => decodeFieldIssue(issue.message))).toEqual([
      { key: "atMostCharacters", values: { max: 20 } },
    ]);
  });

  it("lets a select that need not be chosen go without a choice", () => {
    const empty: FieldSpec[] = [
      {
        kind: "select",
        name: "owner",
        label: "Owner",
        required: false,
        options: [],
        defaultValue: "",
      },
    ];
    const shape = buildFieldsShape(empty, { dialect: "human-input", say: encodeFieldIssue });
    expect(z.object(shape).safeParse({ owner: "" }).success).toBe(true);
    expect(toSubmissionInputs(empty, { owner: "" })).toEqual({ owner: "" });
  });

  it("leaves any other text alone", () => {
    expect(decodeFieldIssue("The workflow refused: draft is required.")).toBeNull();
  });
});
