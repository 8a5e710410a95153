import { z } from "zod";
import type { MetadataOperation } from "@/lib/dify/schemas";
import type { Say } from "@/lib/knowledge/chunk-lookup";
import {
  entryValueProblem,
  localDateTimeToUnixSeconds,
  markRepeatedNames,
} from "@/lib/knowledge/metadata-entry-checks";
import type {
  DocumentView,
  MetadataFieldView,
  MetadataType,
  MetadataValue,
} from "@/lib/knowledge/knowledge-views";

export const UPDATE_MODES = ["merge", "replace"] as const;

function wireValue(type: MetadataType, raw: string): MetadataValue {
  if (type === "number") return Number(raw.trim());
  if (type === "time") return localDateTimeToUnixSeconds(raw.trim());
  return raw;
}

/** `t`: the `knowledge` messages. */
export function buildSetMetadataSchema(fields: readonly MetadataFieldView[], t: Say) {
  const byId = new Map(fields.map((field) => [field.id, field]));
  return z
    .object({
      mode: z.enum(UPDATE_MODES),
      entries: z
        .array(z.object({ fieldId: z.string(), value: z.string() }))
        .superRefine((entries, ctx) => {
          entries.forEach((entry, index) => {
            const field = byId.get(entry.fieldId);
            const problem = field
              ? entryValueProblem(field.type, entry.value, t)
              : t("browse.set.checks.chooseField");
            if (problem)
              ctx.addIssue({
                code: "custom",
                path: [index, field ? "value" : "fieldId"],
                message: problem,
              });
          });
          const names = entries.map((entry) => byId.get(entry.fieldId)?.name ?? "");
          markRepeatedNames(names, ctx, (index) => [index, "fieldId"], t);
        }),
    })
    .refine((values) => values.mode !== "merge" || values.entries.length > 0, {
      path: ["entries"],
      message: t("metadata.checks.mergeNeedsRows"),
    });
}

/** Every document gets the same entries; merge sends `partial_update: true`, replace `false`. */
export function toOperations(
  documentIds: readonly string[],
  metadataList: MetadataOperation["metadata_list"],
  merge: boolean,
): MetadataOperation[] {
  return documentIds.map((documentId) => ({
    document_id: documentId,
    metadata_list: metadataList.map((entry) => ({ ...entry })),
    partial_update: merge,
  }));
}

export type SetMetadataValues = z.infer<ReturnType<typeof buildSetMetadataSchema>>;

/** The operations, and each document's values now → after (replace removes the others). */
export function planMetadataUpdate(
  documents: readonly DocumentView[],
  fields: readonly MetadataFieldView[],
  values: SetMetadataValues,
) {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const entries = values.entries.flatMap((entry) => {
    const field = byId.get(entry.fieldId);
    return field ? [{ field, value: wireValue(field.type, entry.value) }] : [];
  });
  const metadataList = entries.map(({ field, value }) => ({
    id: field.id,
    name: field.name,
    value,
  }));
  const replace = values.mode === "replace";
  return {
    mode: values.mode,
    operations: toOperations(
      documents.map((document) => document.id),
      metadataList,
      !replace,
    ),
    review: documents.map((document) => ({
      id: document.id,
      name: document.name,
      changes: [
        ...entries.map(({ field, value }) => ({
          fieldId: field.id,
          name: field.name,
          type: field.type,
          before: document.values[field.id],
          after: value,
        })),
        ...(replace ? Object.entries(document.values) : [])
          .filter(([fieldId]) => !entries.some(({ field }) => field.id === fieldId))
          .map(([fieldId, before]) => ({
            fieldId,
            name: byId.get(fieldId)?.name ?? fieldId,
            type: byId.get(fieldId)?.type ?? "string",
            before,
            after: undefined,
          })),
      ],
    })),
  };
}

export type MetadataPlan = ReturnType<typeof planMetadataUpdate>;
