import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import type { ErrorIssue } from "@/lib/errors/error-envelope";
import type { ErrorCode } from "@/lib/errors/error-code";
import {
  buildMetadataSchema,
  describeMetadataError,
  metadataEditorDefaults,
  parseDocumentIds,
  type MetadataEditorValues,
} from "@/lib/knowledge/metadata-editor-form";
import { planMetadataUpdate } from "@/lib/knowledge/metadata-plan";
import type { Say } from "@/lib/knowledge/chunk-lookup";
import { metadataUpdateRequestSchema } from "@/lib/knowledge/metadata-update-request";
import english from "@/lib/i18n/messages/en/knowledge.json";

const inEnglish = createTranslator({
  locale: "en",
  messages: { knowledge: english },
  namespace: "knowledge",
});
// The code under test looks keys up by name, as the page's untyped `t` does.
const t: Say = (key, values) => inEnglish(key as never, values as never);
// Ids, fields and types typed by hand (the browser's case is in metadata-plan.test.ts).
const metadataEditorSchema = buildMetadataSchema(t, null);

const values = (overrides: Partial<MetadataEditorValues> = {}): MetadataEditorValues => ({
  datasetId: "demo-dataset",
  documentIds: "doc-a\n\n  doc-b  \n",
  entries: [
    { fieldId: "m-author", name: "author", type: "text", value: " Ada " },
    { fieldId: "m-year", name: "year", type: "number", value: " 2026 " },
    { fieldId: "m-reviewed", name: "reviewed", type: "empty", value: "ignored" },
  ],
  mode: "merge",
  ...overrides,
});

/** Field path → message, as the editor shows them. */
function problems(input: MetadataEditorValues): Record<string, string> {
  const result = metadataEditorSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("parseDocumentIds", () => {
  it("reads one id per line, trims, skips blank lines and reports duplicates once", () => {
    expect(parseDocumentIds("a\r\n\n b \na\n\na\nc")).toEqual({
      ids: ["a", "b", "c"],
      duplicates: ["a"],
    });
    expect(parseDocumentIds("  \n")).toEqual({ ids: [], duplicates: [] });
  });
});

/** The request the editor sends for ids typed by hand (in batches of at most 100 documents). */
const toMetadataRequest = (input: MetadataEditorValues) => ({
  operation_data: planMetadataUpdate(
    parseDocumentIds(input.documentIds).ids.map((id) => ({ id, name: id, values: null })),
    null,
    input,
  ).operations,
});

describe("planMetadataUpdate, ids typed by hand", () => {
  it("gives every document the same entries, typed, with partial_update from the mode", () => {
    const body = toMetadataRequest(values());
    const metadataList = [
      { id: "m-author", name: "author", value: " Ada " },
      { id: "m-year", name: "year", value: 2026 },
      { id: "m-reviewed", name: "reviewed", value: null },
    ];
    expect(body).toEqual({
      operation_data: [
        { document_id: "doc-a", metadata_list: metadataList, partial_update: true },
        { document_id: "doc-b", metadata_list: metadataList, partial_update: true },
      ],
    });
    // What the editor sends is exactly what the route accepts.
    expect(metadataUpdateRequestSchema.parse(body)).toEqual(body);
  });

  it("sends partial_update false for replace, and an empty list when there are no entries", () => {
    expect(toMetadataRequest(values({ mode: "replace", entries: [] }))).toEqual({
      operation_data: [
        { document_id: "doc-a", metadata_list: [], partial_update: false },
        { document_id: "doc-b", metadata_list: [], partial_update: false },
      ],
    });
  });
});

describe("buildMetadataSchema, ids typed by hand", () => {
  it("accepts complete values", () => {
    expect(problems(values())).toEqual({});
  });

  it("starts from complete defaults that ask for the missing entries", () => {
    expect(problems(metadataEditorDefaults())).toEqual({
      datasetId: "The dataset id is missing",
      documentIds: "Enter at least one document id",
      "entries.0.fieldId": "Enter the metadata field’s id",
      "entries.0.name": "Enter the metadata field’s name",
    });
  });

  it("flags document ids listed twice", () => {
    expect(problems(values({ documentIds: "doc-a\ndoc-b\ndoc-a" }))).toEqual({
      documentIds: "Listed more than once: doc-a. Keep one line per document.",
    });
  });

  it("refuses more than 1,000 documents", () => {
    const ids = Array.from({ length: 1001 }, (_, i) => `d${i}`).join("\n");
    expect(problems(values({ documentIds: ids }))).toEqual({
      documentIds: "At most 1000 documents per request (1001 listed)",
    });
  });

  it("requires a number for a number row, and nothing for an empty one", () => {
    const rows = (value: string) => [{ fieldId: "m", name: "n", type: "number" as const, value }];
    expect(problems(values({ entries: rows("12.5") }))).toEqual({});
    expect(problems(values({ entries: rows("twelve") }))).toEqual({
      "entries.0.value": "Enter a number, such as 2025",
    });
    expect(problems(values({ entries: rows(" ") }))).toEqual({
      "entries.0.value": "Enter a number, such as 2025",
    });
  });

  it("bounds a text value as the browser's fields do", () => {
    const rows = (value: string) => [{ fieldId: "m", name: "n", type: "text" as const, value }];
    expect(problems(values({ entries: rows("x".repeat(1000)) }))).toEqual({});
    expect(problems(values({ entries: rows("x".repeat(1001)) }))).toEqual({
      "entries.0.value": "At most 1000 characters",
    });
  });

  it("flags a metadata name set twice", () => {
    const rows = [
      { fieldId: "a", name: "author", type: "text" as const, value: "x" },
      { fieldId: "b", name: " author", type: "text" as const, value: "y" },
    ];
    expect(problems(values({ entries: rows }))).toEqual({
      "entries.1.name": "“author” is already set in an earlier field",
    });
  });

  it("needs a field to merge, but allows replace with none", () => {
    expect(problems(values({ entries: [], mode: "merge" }))).toEqual({
      entries: "Add at least one field to merge (replace with no fields clears the metadata)",
    });
    expect(problems(values({ entries: [], mode: "replace" }))).toEqual({});
  });
});

describe("describeMetadataError", () => {
  const error = (status: number, code: ErrorCode, message: string, issues: ErrorIssue[] = []) => ({
    status,
    code,
    message,
    issues,
  });

  it("asks for the token again on 401", () => {
    expect(
      describeMetadataError(error(401, "unauthorized", "A valid portal token…"), true, t),
    ).toEqual({
      fields: [],
      root: null,
      tokenRefused: true,
    });
  });

  it("puts Dataset not found next to the dataset id", () => {
    expect(describeMetadataError(error(404, "not_found", "Dataset not found."), true, t)).toEqual({
      fields: [{ field: "datasetId", message: "Dataset not found." }],
      root: "Nothing was changed: the dataset was not found.",
      tokenRefused: false,
    });
  });

  it("says an unknown document changed nothing when the upstream is all-or-nothing", () => {
    const view = describeMetadataError(error(400, "invalid_param", "Document not found."), true, t);
    expect(view.fields).toEqual([]);
    expect(view.root).toMatch(/^Document not found\. .*changed nothing/);
  });

  it("says an unknown metadata id changed nothing: the newest servers check it first", () => {
    const view = describeMetadataError(
      error(400, "invalid_param", "Metadata not found."),
      false,
      t,
    );
    expect(view.root).toMatch(/^Metadata not found\. .*nothing was written/);
  });

  it("warns that earlier documents may be updated on a real server", () => {
    const view = describeMetadataError(
      error(400, "invalid_param", "Document not found."),
      false,
      t,
    );
    expect(view.root).toMatch(/may already have been updated/);
    expect(view.root).not.toMatch(/changed nothing/);
  });

  it("maps the paths of our own 400 to the editor's entries", () => {
    const view = describeMetadataError(
      error(400, "invalid_request", "(the flattened message is for people, not read back)", [
        { path: "operation_data.3.metadata_list.1.name", message: "name is empty" },
        { path: "operation_data.2.document_id", message: "document doc-a appears more than once" },
        { path: "dataset_id", message: "The dataset id is too long" },
      ]),
      true,
      t,
    );
    expect(view.fields).toEqual([
      { field: "entries.1.name", message: "name is empty" },
      { field: "documentIds", message: "document doc-a appears more than once" },
      { field: "datasetId", message: "The dataset id is too long" },
    ]);
    expect(view.root).toBe("The request was refused and changed nothing. See the marked entries.");
  });

  it("shows any other failure at the top", () => {
    expect(
      describeMetadataError(error(502, "upstream_unreachable", "The service is down."), true, t),
    ).toEqual({
      fields: [],
      root: "The update did not go through: The service is down.",
      tokenRefused: false,
    });
  });
});
