import type { DatasetPage, DocumentPage, MetadataFields, SegmentPage } from "@/lib/dify/schemas";

// What /knowledge shows of Dify's lists: the portal routes answer Dify's own shapes, and here they
// become the page's views (only the fields the page shows).

export type MetadataValue = string | number | null;
export type MetadataType = "string" | "number" | "time";

export type PageView<T> = {
  items: T[];
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
};

export type KnowledgeBaseView = {
  id: string;
  name: string;
  description: string;
  documentCount: number | null;
};

export type BuiltInValue = { name: string; type: MetadataType; value: MetadataValue };

export type DocumentView = {
  id: string;
  name: string;
  /** Dify's display status (`available`, `disabled`, …), else its indexing status. */
  status: string;
  /** The base's own fields' values by field id; a field without a value is absent. */
  values: Record<string, MetadataValue>;
  /** Dify's built-in fields (name, uploader, dates, source): read-only. */
  builtIn: BuiltInValue[];
};

export type MetadataFieldView = { id: string; name: string; type: MetadataType; count: number };

export type MetadataFieldsView = { fields: MetadataFieldView[]; builtInEnabled: boolean };

export type SegmentView = {
  id: string;
  position: number;
  content: string;
  status: string;
  enabled: boolean;
  wordCount: number;
};

/** Dify's id of every built-in field's value. */
export const BUILT_IN_ID = "built-in";

const typeOf = (type: string | null | undefined): MetadataType =>
  type === "number" || type === "time" ? type : "string";

const pageOf = <W, V>(
  wire: { data: W[]; page: number; limit: number; total: number; has_more: boolean },
  map: (item: W) => V,
): PageView<V> => ({
  items: wire.data.map(map),
  page: wire.page,
  limit: wire.limit,
  total: wire.total,
  hasMore: wire.has_more,
});

export const toKnowledgeBasePage = (wire: DatasetPage): PageView<KnowledgeBaseView> =>
  pageOf(wire, (base) => ({
    id: base.id,
    name: base.name,
    description: base.description ?? "",
    documentCount: base.document_count ?? null,
  }));

export const toDocumentPage = (wire: DocumentPage): PageView<DocumentView> =>
  pageOf(wire, (document) => {
    const values: Record<string, MetadataValue> = {};
    const builtIn: BuiltInValue[] = [];
    for (const entry of document.doc_metadata ?? []) {
      const value = entry.value ?? null;
      if (entry.id === BUILT_IN_ID)
        builtIn.push({ name: entry.name, type: typeOf(entry.type), value });
      else values[entry.id] = value;
    }
    return {
      id: document.id,
      name: document.name,
      status: document.display_status ?? document.indexing_status ?? "",
      values,
      builtIn,
    };
  });

export const toMetadataFields = (wire: MetadataFields): MetadataFieldsView => ({
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

export const toSegmentPage = (wire: SegmentPage): PageView<SegmentView> =>
  pageOf(wire, (segment) => ({
    id: segment.id,
    position: segment.position,
    content: segment.content,
    status: segment.status,
    enabled: segment.enabled,
    wordCount: segment.word_count,
  }));
