import type { FieldPath } from "react-hook-form";
import { z } from "zod";
import { MAX_METADATA_OPERATIONS } from "@/lib/knowledge/metadata-update-request";
import { METADATA_NOT_FOUND, notFoundSubject } from "@/lib/dify/not-found-subject";
import { entryValueProblem, markRepeatedNames } from "@/lib/knowledge/metadata-entry-checks";
import type { MetadataFieldView, MetadataType } from "@/lib/knowledge/knowledge-views";
import type { ErrorIssue } from "@/lib/errors/error-envelope";
import { pathIdIn, type ApiErrorParts, type Say } from "@/lib/knowledge/chunk-lookup";

export const METADATA_VALUE_TYPES = ["text", "number", "empty"] as const;
export const UPDATE_MODES = ["merge", "replace"] as const;

/** Document ids from the textarea: one per line, blank lines ignored, first occurrence kept. */
export function parseDocumentIds(text: string): { ids: string[]; duplicates: string[] } {
  const ids: string[] = [];
  const duplicates = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const id = line.trim();
    if (!id) continue;
    if (ids.includes(id)) duplicates.add(id);
    else ids.push(id);
  }
  return { ids, duplicates: [...duplicates] };
}

const notBlank = (value: string) => value.trim() !== "";

/** One entry of the editor: a field picked from the base's, or typed by hand (id, name, type). */
export type MetadataEntry = {
  fieldId: string;
  name: string;
  type: (typeof METADATA_VALUE_TYPES)[number];
  value: string;
};

/** The field an entry sets, or null while it names none: picked from `known`, else typed by hand. */
export function entryField(
  entry: MetadataEntry,
  known: readonly MetadataFieldView[] | null,
): { id: string; name: string; type: MetadataType | "empty" } | null {
  if (known) return known.find((field) => field.id === entry.fieldId) ?? null;
  if (!notBlank(entry.fieldId) || !notBlank(entry.name)) return null;
  const type = entry.type === "text" ? "string" : entry.type;
  return { id: entry.fieldId.trim(), name: entry.name.trim(), type };
}

function documentIdsProblem(text: string, t: Say): string | null {
  const { ids, duplicates } = parseDocumentIds(text);
  if (ids.length === 0) return t("metadata.checks.noDocuments");
  if (duplicates.length > 0) return t("metadata.checks.duplicates", { ids: duplicates.join(", ") });
  if (ids.length > MAX_METADATA_OPERATIONS)
    return t("metadata.checks.tooMany", { max: MAX_METADATA_OPERATIONS, count: ids.length });
  return null;
}

/**
 * The editor's one schema. `known`: the base's fields when the documents were chosen in the
 * browser (the dataset and documents are given, an entry picks a field); null when the dataset,
 * documents and fields are typed by hand. `t`: the `knowledge` messages.
 */
export function buildMetadataSchema(t: Say, known: readonly MetadataFieldView[] | null) {
  const byHand = known === null;
  return z
    .object({
      datasetId: byHand ? pathIdIn(t, "dataset") : z.string(),
      documentIds: z.string().superRefine((text, ctx) => {
        const problem = byHand ? documentIdsProblem(text, t) : null;
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
      entries: z
        .array(
          z.object({
            fieldId: z.string(),
            name: z.string(),
            type: z.enum(METADATA_VALUE_TYPES),
            value: z.string(),
          }),
        )
        .superRefine((entries, ctx) => {
          const fields = entries.map((entry) => entryField(entry, known));
          entries.forEach((entry, index) => {
            const mark = (key: keyof MetadataEntry, message: string) =>
              ctx.addIssue({ code: "custom", path: [index, key], message });
            const field = fields[index];
            if (!byHand && !field) return mark("fieldId", t("metadata.checks.chooseField"));
            if (byHand && !notBlank(entry.fieldId)) mark("fieldId", t("metadata.checks.fieldId"));
            if (byHand && !notBlank(entry.name)) mark("name", t("metadata.checks.fieldName"));
            const type = byHand ? (entry.type === "text" ? "string" : entry.type) : field?.type;
            if (type === undefined || type === "empty") return;
            const problem = entryValueProblem(type, entry.value, t);
            if (problem) mark("value", problem);
          });
          markRepeatedNames(
            byHand ? entries.map((entry) => entry.name.trim()) : fields.map((f) => f?.name ?? ""),
            ctx,
            (index) => [index, byHand ? "name" : "fieldId"],
            t,
          );
        }),
      mode: z.enum(UPDATE_MODES),
    })
    .refine((values) => values.mode !== "merge" || values.entries.length > 0, {
      path: ["entries"],
      message: t("metadata.checks.mergeNeedsFields"),
    });
}

export type MetadataEditorValues = z.infer<ReturnType<typeof buildMetadataSchema>>;

export const emptyMetadataEntry = (): MetadataEntry => ({
  fieldId: "",
  name: "",
  type: "text",
  value: "",
});

export const metadataEditorDefaults = (): MetadataEditorValues => ({
  datasetId: "",
  documentIds: "",
  entries: [emptyMetadataEntry()],
  mode: "merge",
});

type FieldProblem = { field: FieldPath<MetadataEditorValues>; message: string };

/** Which editor entry a path of our own 400 names (`operation_data.0.metadata_list.1.name`). */
function fieldForPath(path: string): FieldPath<MetadataEditorValues> | null {
  if (path === "dataset_id") return "datasetId";
  if (/^operation_data(\.\d+(\.document_id)?)?$/.test(path)) return "documentIds";
  if (/^operation_data\.\d+\.metadata_list$/.test(path)) return "entries";
  const entry = /^operation_data\.\d+\.metadata_list\.(\d+)\.(id|name|value)$/.exec(path);
  if (!entry) return null;
  return `entries.${Number(entry[1])}.${entry[2] === "id" ? "fieldId" : (entry[2] as "name" | "value")}`;
}

/** The issues that name an editor field, messages of one field joined. */
function issueFields(issues: readonly ErrorIssue[]): FieldProblem[] {
  const fields: FieldProblem[] = [];
  for (const issue of issues) {
    const field = fieldForPath(issue.path);
    if (!field) continue;
    const same = fields.find((entry) => entry.field === field);
    if (same) same.message = `${same.message} ${issue.message}`;
    else fields.push({ field, message: issue.message });
  }
  return fields;
}

/** `atomic`: the upstream checks the whole request first rather than applying entries one by one. */
export function describeMetadataError(error: ApiErrorParts, atomic: boolean, t: Say) {
  if (error.status === 401) return { fields: [], root: null, tokenRefused: true };
  const view = (fields: FieldProblem[], key: string) => ({
    fields,
    root: t(`metadata.errors.${key}`, { message: error.message }),
    tokenRefused: false,
  });
  if (error.code === "not_found" && notFoundSubject(error.message) === "dataset") {
    return view([{ field: "datasetId", message: error.message }], "datasetNotFound");
  }
  const fields = issueFields(error.issues);
  if (error.code === "invalid_param" && notFoundSubject(error.message) === "document") {
    // The upstream does not say which document; the app's lookup after the refusal may (issues).
    return view(fields, `documentNotFound${atomic ? "Atomic" : "Partial"}`);
  }
  // Only the newest servers check metadata ids, and they check everything before writing.
  if (error.code === "invalid_param" && METADATA_NOT_FOUND.test(error.message)) {
    return view(fields, "metadataNotFound");
  }
  if (error.code === "invalid_request") {
    return view(fields, fields.length ? "refusedMarked" : "refused");
  }
  return view([], "failed");
}
