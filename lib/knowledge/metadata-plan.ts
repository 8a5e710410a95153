import type { MetadataOperation } from "@/lib/dify/schemas";
import { localDateTimeToUnixSeconds } from "@/lib/knowledge/metadata-entry-checks";
import { entryField, type MetadataEditorValues } from "@/lib/knowledge/metadata-editor-form";
import type {
  DocumentView,
  MetadataFieldView,
  MetadataType,
  MetadataValue,
} from "@/lib/knowledge/knowledge-views";

function wireValue(type: MetadataType | "empty", raw: string): MetadataValue {
  if (type === "empty") return null;
  if (type === "number") return Number(raw.trim());
  if (type === "time") return localDateTimeToUnixSeconds(raw.trim());
  return raw;
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

/** A document the editor sets: as the browser's table shows it, or an id typed by hand (`values` null). */
export type PlanDocument = Pick<DocumentView, "id" | "name"> & {
  values: DocumentView["values"] | null;
};

/**
 * The operations, and each document's values now → after (replace removes the others); a document
 * whose values are unknown (typed by hand) has no changes to show, only the request.
 */
export function planMetadataUpdate(
  documents: readonly PlanDocument[],
  known: readonly MetadataFieldView[] | null,
  values: MetadataEditorValues,
) {
  const byId = new Map((known ?? []).map((field) => [field.id, field]));
  const entries = values.entries.flatMap((entry) => {
    const field = entryField(entry, known);
    return field ? [{ field, value: wireValue(field.type, entry.value) }] : [];
  });
  const metadataList = entries.map(({ field, value }) => ({
    id: field.id,
    name: field.name,
    value,
  }));
  const replace = values.mode === "replace";
  const shownType = (type: MetadataType | "empty"): MetadataType =>
    type === "empty" ? "string" : type;
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
      changes:
        document.values === null
          ? null
          : [
              ...entries.map(({ field, value }) => ({
                fieldId: field.id,
                name: field.name,
                type: shownType(field.type),
                before: document.values?.[field.id],
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
