import type { FieldPath } from "react-hook-form";
import { z } from "zod";
import {
  MAX_METADATA_OPERATIONS,
  type MetadataUpdateRequest,
} from "@/lib/knowledge/metadata-update-request";
import { METADATA_NOT_FOUND, notFoundSubject } from "@/lib/dify/not-found-subject";
import { entryValueProblem, markRepeatedNames } from "@/lib/knowledge/metadata-entry-checks";
import { toOperations, UPDATE_MODES } from "@/lib/knowledge/metadata-plan";
import type { ErrorIssue } from "@/lib/errors/error-envelope";
import { pathIdIn, type ApiErrorParts, type Say } from "@/lib/knowledge/chunk-lookup";

export const METADATA_VALUE_TYPES = ["text", "number", "empty"] as const;

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

const notBlank = (message: string) => z.string().refine((value) => value.trim() !== "", message);

const metadataRowSchema = (t: Say) =>
  z
    .object({
      id: notBlank(t("metadata.checks.fieldId")),
      name: notBlank(t("metadata.checks.fieldName")),
      type: z.enum(METADATA_VALUE_TYPES),
      value: z.string(),
    })
    .superRefine((row, ctx) => {
      if (row.type === "empty") return;
      const problem = entryValueProblem(row.type === "number" ? "number" : "string", row.value, t);
      if (problem) ctx.addIssue({ code: "custom", path: ["value"], message: problem });
    });

export function buildMetadataEditorSchema(t: Say) {
  return z
    .object({
      datasetId: pathIdIn(t, "dataset"),
      documentIds: z.string().superRefine((text, ctx) => {
        const { ids, duplicates } = parseDocumentIds(text);
        if (ids.length === 0) {
          ctx.addIssue({ code: "custom", message: t("metadata.checks.noDocuments") });
        } else if (duplicates.length > 0) {
          ctx.addIssue({
            code: "custom",
            message: t("metadata.checks.duplicates", { ids: duplicates.join(", ") }),
          });
        } else if (ids.length > MAX_METADATA_OPERATIONS) {
          ctx.addIssue({
            code: "custom",
            message: t("metadata.checks.tooMany", {
              max: MAX_METADATA_OPERATIONS,
              count: ids.length,
            }),
          });
        }
      }),
      rows: z.array(metadataRowSchema(t)).superRefine((rows, ctx) =>
        markRepeatedNames(
          rows.map((row) => row.name.trim()),
          ctx,
          (index) => [index, "name"],
          t,
        ),
      ),
      mode: z.enum(UPDATE_MODES),
    })
    .refine((values) => values.mode !== "merge" || values.rows.length > 0, {
      path: ["rows"],
      message: t("metadata.checks.mergeNeedsRows"),
    });
}

export type MetadataEditorValues = z.infer<ReturnType<typeof buildMetadataEditorSchema>>;

export const emptyMetadataRow = (): MetadataEditorValues["rows"][number] => ({
  id: "",
  name: "",
  type: "text",
  value: "",
});

export const metadataEditorDefaults = (): MetadataEditorValues => ({
  datasetId: "",
  documentIds: "",
  rows: [emptyMetadataRow()],
  mode: "merge",
});

export function toMetadataRequest(values: MetadataEditorValues): MetadataUpdateRequest {
  const metadataList = values.rows.map((row) => ({
    id: row.id.trim(),
    name: row.name.trim(),
    value:
      row.type === "empty" ? null : row.type === "number" ? Number(row.value.trim()) : row.value,
  }));
  return {
    operation_data: toOperations(
      parseDocumentIds(values.documentIds).ids,
      metadataList,
      values.mode === "merge",
    ),
  };
}

type FieldProblem = { field: FieldPath<MetadataEditorValues>; message: string };

/** Which editor entry a path of our own 400 names (`operation_data.0.metadata_list.1.name`). */
function fieldForPath(path: string): FieldPath<MetadataEditorValues> | null {
  if (path === "dataset_id") return "datasetId";
  if (/^operation_data(\.\d+(\.document_id)?)?$/.test(path)) return "documentIds";
  if (/^operation_data\.\d+\.metadata_list$/.test(path)) return "rows";
  const row = /^operation_data\.\d+\.metadata_list\.(\d+)\.(id|name|value)$/.exec(path);
  return row ? `rows.${Number(row[1])}.${row[2] as "id" | "name" | "value"}` : null;
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
