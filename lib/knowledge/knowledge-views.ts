import type { DatasetPage, DocumentPage, MetadataFields, SegmentPage } from "@/lib/dify/schemas";

// Dify's shapes, as the portal routes answer them, become the page's views of the fields it shows.

export type MetadataValue = string | number | null;
export type MetadataType = "string" | "number" | "time";

/** Dify's id of every built-in field's value (read-only, not shown). */
const BUILT_IN_ID = "built-in";

const typeOf = (type: string | null | undefined): MetadataType =>
  type === "number" || type === "time" ? type : "string";

const pageOf = <W, V>(
  wire: { data: W[]; page: number; limit: number; total: number; has_more: boolean },
  map: (item: W) => V,
) => ({
  items: wire.data.map(map),
  page: wire.page,
  limit: wire.limit,
  total: wire.total,
  hasMore: wire.has_more,
});

export type PageView<T> = ReturnType<typeof pageOf<unknown, T>>;

export const toKnowledgeBasePage = (wire: DatasetPage) =>
  pageOf(wire, (base) => ({
    id: base.id,
    name: base.name,
    description: base.description ?? "",
    documentCount: base.document_count ?? null,
  }));

export const toDocumentPage = (wire: DocumentPage) =>
  pageOf(wire, (document) => {
    // The base's own fields' values by field id; a field without a value is absent.
    const values: Record<string, MetadataValue> = {};
    for (const entry of document.doc_metadata ?? []) {
      if (entry.id !== BUILT_IN_ID) values[entry.id] = entry.value ?? null;
    }
    return {
      id: document.id,
      name: document.name,
      // Dify's display status (`available`, `disabled`, …), else its indexing status.
      status: document.display_status ?? document.indexing_status ?? "",
      values,
    };
  });

export type DocumentView = ReturnType<typeof toDocumentPage>["items"][number];

export const toMetadataFields = (wire: MetadataFields) => ({
  fields: wire.doc_metadata
    .filter((field) => field.id !== BUILT_IN_ID)
    .map((field) => ({
      id: field.id,
      name: field.name,
      type: typeOf(field.type),
      count: field.count ?? 0,
    })),
  builtInEnabled: wire.built_in_field_enabled,
});

export type MetadataFieldsView = ReturnType<typeof toMetadataFields>;
export type MetadataFieldView = MetadataFieldsView["fields"][number];

export const toSegmentPage = (wire: SegmentPage) =>
  pageOf(wire, (segment) => ({
    id: segment.id,
    position: segment.position,
    content: segment.content,
    status: segment.status,
    enabled: segment.enabled,
    wordCount: segment.word_count,
  }));
