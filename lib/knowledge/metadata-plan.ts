import { z } from "zod";
import type { MetadataOperation } from "@/lib/dify/schemas";
import type { Say } from "@/lib/knowledge/chunk-lookup";
import type {
  DocumentView,
  MetadataFieldView,
  MetadataType,
  MetadataValue,
} from "@/lib/knowledge/knowledge-views";

/** Longest text value the form takes (Dify stores any string; this keeps a request bounded). */
const MAX_TEXT_VALUE = 1_000;

export const UPDATE_MODES = ["merge", "replace"] as const;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** Dify stores a `time` as Unix seconds; the input is the browser's local `datetime-local`. */
export function localDateTimeToUnixSeconds(value: string): number | null {
  if (!LOCAL_DATE_TIME.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

export const isNumber = (value: string) =>
  value.trim() !== "" && Number.isFinite(Number(value.trim()));

function wireValue(type: MetadataType, raw: string): MetadataValue {
  if (type === "number") return Number(raw.trim());
  if (type === "time") return localDateTimeToUnixSeconds(raw.trim());
  return raw;
}

/** `t`: the `knowledge.browse.set` messages. */
export function buildSetMetadataSchema(fields: readonly MetadataFieldView[], t: Say) {
  const byId = new Map(fields.map((field) => [field.id, field]));
  return z
    .object({
      mode: z.enum(UPDATE_MODES),
      entries: z
        .array(z.object({ fieldId: z.string(), value: z.string() }))
        .superRefine((entries, ctx) => {
          const issue = (index: number, key: "fieldId" | "value", message: string) =>
            ctx.addIssue({ code: "custom", path: [index, key], message });
          const seen = new Set<string>();
          entries.forEach((entry, index) => {
            const field = byId.get(entry.fieldId);
            if (!field) return issue(index, "fieldId", t("checks.chooseField"));
            if (seen.has(field.id))
              issue(index, "fieldId", t("checks.duplicateField", { name: field.name }));
            seen.add(field.id);
            const problem =
              field.type === "number" && !isNumber(entry.value)
                ? t("checks.number")
                : field.type === "time" && localDateTimeToUnixSeconds(entry.value.trim()) === null
                  ? t("checks.time")
                  : field.type === "string" && entry.value.length > MAX_TEXT_VALUE
                    ? t("checks.tooLong", { max: MAX_TEXT_VALUE })
                    : null;
            if (problem) issue(index, "value", problem);
          });
        }),
    })
    .refine((values) => values.mode !== "merge" || values.entries.length > 0, {
      path: ["entries"],
      message: t("checks.mergeNeedsEntries"),
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
