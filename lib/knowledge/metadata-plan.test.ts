import { describe, expect, it } from "vitest";
import type { DocumentView, MetadataFieldView } from "@/lib/knowledge/knowledge-views";
import { localDateTimeToUnixSeconds } from "@/lib/knowledge/metadata-entry-checks";
import {
  buildMetadataSchema,
  emptyMetadataEntry,
  type MetadataEditorValues,
} from "@/lib/knowledge/metadata-editor-form";
import { planMetadataUpdate } from "@/lib/knowledge/metadata-plan";
import { metadataUpdateRequestSchema } from "@/lib/knowledge/metadata-update-request";

const fields: MetadataFieldView[] = [
  { id: "meta-product", name: "product", type: "string", count: 2 },
  { id: "meta-priority", name: "priority", type: "number", count: 1 },
  { id: "meta-reviewed-at", name: "reviewed_at", type: "time", count: 1 },
];
const doc = (id: string, values: DocumentView["values"]): DocumentView => ({
  id,
  name: `${id}.md`,
  status: "available",
  values,
});
const documents = [
  doc("doc-1", { "meta-product": "Billing", "meta-priority": 2 }),
  doc("doc-2", {}),
];
// The message key and its values, as the check names them.
// Documents chosen in the browser: the entries pick fields of the base.
const schema = buildMetadataSchema(
  (key, values = {}) => [key, ...Object.values(values)].join(" "),
  fields,
);
type Picked = { mode: MetadataEditorValues["mode"]; entries: { fieldId: string; value: string }[] };
/** The editor's values with the entries picked: the dataset and documents come from the browser. */
const chosen = ({ mode, entries }: Picked): MetadataEditorValues => ({
  datasetId: "",
  documentIds: "",
  mode,
  entries: entries.map((entry) => ({ ...emptyMetadataEntry(), ...entry })),
});
const problems = (values: Picked) => {
  const result = schema.safeParse(chosen(values));
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("time values", () => {
  it("are Unix seconds of the local date and time", () => {
    const seconds = localDateTimeToUnixSeconds("2026-03-01T09:30");
    expect(seconds).toBe(Math.floor(new Date(2026, 2, 1, 9, 30).getTime() / 1000));
    expect(localDateTimeToUnixSeconds("2026-03-01")).toBeNull();
    expect(localDateTimeToUnixSeconds("yesterday")).toBeNull();
  });
});

describe("buildMetadataSchema, documents chosen in the browser", () => {
  it("asks for a field of the base, once, and a value that fits its type", () => {
    expect(
      problems({
        mode: "merge",
        entries: [
          { fieldId: "", value: "" },
          { fieldId: "meta-priority", value: "high" },
          { fieldId: "meta-reviewed-at", value: "2026-13-45" },
          { fieldId: "meta-priority", value: "3" },
          { fieldId: "meta-product", value: "x".repeat(1001) },
        ],
      }),
    ).toEqual({
      "entries.0.fieldId": "metadata.checks.chooseField",
      "entries.1.value": "metadata.checks.number",
      "entries.2.value": "metadata.checks.time",
      "entries.3.fieldId": "metadata.checks.duplicateName priority",
      "entries.4.value": "metadata.checks.tooLong 1000",
    });
  });

  it("refuses a field the base does not define", () => {
    expect(problems({ mode: "merge", entries: [{ fieldId: "meta-other", value: "1" }] })).toEqual({
      "entries.0.fieldId": "metadata.checks.chooseField",
    });
  });

  it("needs an entry to merge, but replace may clear", () => {
    expect(problems({ mode: "merge", entries: [] })).toEqual({
      entries: "metadata.checks.mergeNeedsFields",
    });
    expect(problems({ mode: "replace", entries: [] })).toEqual({});
  });
});

describe("planMetadataUpdate", () => {
  const values: Picked = {
    mode: "merge",
    entries: [
      { fieldId: "meta-priority", value: " 5 " },
      { fieldId: "meta-reviewed-at", value: "2026-03-01T09:30" },
    ],
  };
  const reviewedAt = localDateTimeToUnixSeconds("2026-03-01T09:30");

  it("merges: every document gets the same typed entries with partial_update true", () => {
    const plan = planMetadataUpdate(documents, fields, chosen(values));
    const list = [
      { id: "meta-priority", name: "priority", value: 5 },
      { id: "meta-reviewed-at", name: "reviewed_at", value: reviewedAt },
    ];
    expect(plan.operations).toEqual([
      { document_id: "doc-1", metadata_list: list, partial_update: true },
      { document_id: "doc-2", metadata_list: list, partial_update: true },
    ]);
    expect(metadataUpdateRequestSchema.parse({ operation_data: plan.operations })).toBeTruthy();
    expect(plan.review[0]).toEqual({
      id: "doc-1",
      name: "doc-1.md",
      changes: [
        { fieldId: "meta-priority", name: "priority", type: "number", before: 2, after: 5 },
        {
          fieldId: "meta-reviewed-at",
          name: "reviewed_at",
          type: "time",
          before: undefined,
          after: reviewedAt,
        },
      ],
    });
  });

  it("replaces: partial_update false, and the review shows the values removed", () => {
    const plan = planMetadataUpdate(documents, fields, chosen({ ...values, mode: "replace" }));
    expect(plan.operations.every((o) => o.partial_update === false)).toBe(true);
    expect(plan.review[0]!.changes?.at(-1)).toEqual({
      fieldId: "meta-product",
      name: "product",
      type: "string",
      before: "Billing",
      after: undefined,
    });
    expect(plan.review[1]!.changes).toHaveLength(2);
  });

  it("never sends built-in fields", () => {
    const plan = planMetadataUpdate(documents, fields, chosen({ mode: "replace", entries: [] }));
    expect(plan.operations[0]!.metadata_list).toEqual([]);
    expect(plan.review[0]!.changes?.map((c) => c.name)).toEqual(["product", "priority"]);
  });
});
