import { DifyError, sendDifyJson } from "./dify-error";
import { CREATED_AT } from "./demo-datasets";
import type { EmbeddedRoute, RouteRequest } from "./create-router";
import type { ServerContext } from "./server-context";
import type { DatasetRecord, DocumentRecord } from "./store";

// The knowledge lists of Dify's service API (bases, documents, metadata fields, chunks), paged as
// Dify pages them: `page` from 1, `limit` capped at 100, a page past the end is empty.

const ACCOUNT_ID = "4f0c3a52-8d7e-4c1b-9a36-2b1e5f7d9c10";
const MAX_LIMIT = 100;

function findDataset(ctx: ServerContext, datasetId: string): DatasetRecord {
  const dataset = ctx.store.getDataset(datasetId);
  if (!dataset) throw new DifyError(404, "not_found", "Dataset not found.");
  return dataset;
}

function positive(value: string | null, fallback: number): number {
  const number = Number(value ?? "");
  return Number.isInteger(number) && number >= 1 ? number : fallback;
}

function paged<T>(items: T[], query: URLSearchParams) {
  const page = positive(query.get("page"), 1);
  const limit = Math.min(positive(query.get("limit"), 20), MAX_LIMIT);
  const start = (page - 1) * limit;
  return {
    data: items.slice(start, start + limit),
    has_more: start + limit < items.length,
    limit,
    total: items.length,
    page,
  };
}

const matches = (text: string, keyword: string | null) =>
  !keyword || text.toLowerCase().includes(keyword.trim().toLowerCase());

function datasetBody(dataset: DatasetRecord) {
  const documents = [...dataset.documents.values()];
  return {
    id: dataset.id,
    name: dataset.name,
    description: dataset.description ?? "",
    provider: "vendor",
    permission: "all_team_members",
    data_source_type: "upload_file",
    indexing_technique: "high_quality",
    app_count: 0,
    document_count: documents.length,
    word_count: documents.reduce(
      (sum, d) => sum + d.segments.reduce((s, c) => s + c.word_count, 0),
      0,
    ),
    created_by: ACCOUNT_ID,
    author_name: "Demo maintainer",
    created_at: CREATED_AT,
    updated_by: ACCOUNT_ID,
    updated_at: CREATED_AT,
    embedding_model: "text-embedding-3-small",
    embedding_model_provider: "langgenius/openai/openai",
    embedding_available: true,
    retrieval_model_dict: {
      search_method: "semantic_search",
      reranking_enable: false,
      reranking_mode: null,
      reranking_model: { reranking_provider_name: "", reranking_model_name: "" },
      weights: null,
      top_k: 3,
      score_threshold_enabled: false,
      score_threshold: 0.5,
    },
    summary_index_setting: null,
    tags: [],
    doc_form: "text_model",
    external_knowledge_info: null,
    external_retrieval_model: null,
    doc_metadata: dataset.metadataFields.map((field) => ({ ...field })),
    built_in_field_enabled: dataset.builtInFieldEnabled ?? false,
    pipeline_id: null,
    runtime_mode: null,
    chunk_structure: null,
    icon_info: null,
    is_published: false,
    total_documents: documents.length,
    total_available_documents: documents.filter((d) => d.enabled !== false).length,
    enable_api: true,
    is_multimodal: false,
    maintainer: "Demo maintainer",
    partial_member_list: [],
  };
}

/** A document's values as Dify lists them: each bound field with its type, then built-in ones. */
function documentMetadata(dataset: DatasetRecord, document: DocumentRecord) {
  if (document.metadata.length === 0) return [];
  const typeOf = new Map(dataset.metadataFields.map((field) => [field.id, field.type]));
  const values = document.metadata.map((entry) => ({
    id: entry.id,
    name: entry.name,
    type: typeOf.get(entry.id) ?? "string",
    value: entry.value,
  }));
  if (!dataset.builtInFieldEnabled) return values;
  const created = document.createdAt ?? CREATED_AT;
  const builtIn = (name: string, type: string, value: string | number) => ({
    id: "built-in",
    name,
    type,
    value,
  });
  return [
    ...values,
    builtIn("document_name", "string", document.name),
    builtIn("uploader", "string", "Demo maintainer"),
    builtIn("upload_date", "time", created),
    builtIn("last_update_date", "time", created),
    builtIn("source", "string", "file_upload"),
  ];
}

function documentBody(dataset: DatasetRecord, document: DocumentRecord, position: number) {
  const enabled = document.enabled !== false;
  const created = document.createdAt ?? CREATED_AT;
  const words = document.segments.reduce((sum, segment) => sum + segment.word_count, 0);
  return {
    id: document.id,
    position,
    data_source_type: "upload_file",
    data_source_info: { upload_file_id: `file-${document.id}` },
    data_source_detail_dict: {
      upload_file: {
        id: `file-${document.id}`,
        name: document.name,
        size: words * 6,
        extension: document.name.split(".").pop() ?? "txt",
        mime_type: "text/markdown",
        created_by: ACCOUNT_ID,
        created_at: created,
      },
    },
    dataset_process_rule_id: `rule-${dataset.id}`,
    name: document.name,
    created_from: "api",
    created_by: ACCOUNT_ID,
    created_at: created,
    tokens: document.segments.reduce((sum, segment) => sum + segment.tokens, 0),
    indexing_status: "completed",
    error: null,
    enabled,
    disabled_at: enabled ? null : created + 60,
    disabled_by: enabled ? null : ACCOUNT_ID,
    archived: false,
    display_status: enabled ? "available" : "disabled",
    word_count: words,
    hit_count: document.segments.reduce((sum, segment) => sum + segment.hit_count, 0),
    doc_form: "text_model",
    doc_metadata: documentMetadata(dataset, document),
    summary_index_status: null,
    need_summary: false,
  };
}

// GET /datasets
function listDatasets({ ctx, query, res }: RouteRequest): void {
  const keyword = query.get("keyword");
  const bases = ctx.store.listDatasets().filter((dataset) => matches(dataset.name, keyword));
  const page = paged(bases, query);
  sendDifyJson(res, { status: 200, body: { ...page, data: page.data.map(datasetBody) } });
}

// GET /datasets/{dataset_id}: one base, as the list shows it
function getDataset({ ctx, params, res }: RouteRequest): void {
  sendDifyJson(res, { status: 200, body: datasetBody(findDataset(ctx, params.dataset_id ?? "")) });
}

// GET /datasets/{dataset_id}/documents
function listDocuments({ ctx, params, query, res }: RouteRequest): void {
  const dataset = findDataset(ctx, params.dataset_id ?? "");
  const keyword = query.get("keyword");
  const status = query.get("status");
  const all = [...dataset.documents.values()].map((document, index) =>
    documentBody(dataset, document, index + 1),
  );
  const found = all.filter(
    (document) =>
      matches(document.name, keyword) && (!status || document.display_status === status),
  );
  sendDifyJson(res, { status: 200, body: paged(found, query) });
}

// GET /datasets/{dataset_id}/documents/{document_id}: one document, as the list shows it.
function getDocument({ ctx, params, res }: RouteRequest): void {
  const dataset = findDataset(ctx, params.dataset_id ?? "");
  const documents = [...dataset.documents.values()];
  const position = documents.findIndex((document) => document.id === params.document_id);
  const document = documents[position];
  if (!document) throw new DifyError(404, "not_found", "Document not found.");
  sendDifyJson(res, { status: 200, body: documentBody(dataset, document, position + 1) });
}

// GET /datasets/{dataset_id}/metadata
function listMetadataFields({ ctx, params, res }: RouteRequest): void {
  const dataset = findDataset(ctx, params.dataset_id ?? "");
  const documents = [...dataset.documents.values()];
  const count = (id: string) =>
    documents.filter((document) => document.metadata.some((entry) => entry.id === id)).length;
  sendDifyJson(res, {
    status: 200,
    body: {
      doc_metadata: dataset.metadataFields.map((field) => ({ ...field, count: count(field.id) })),
      built_in_field_enabled: dataset.builtInFieldEnabled ?? false,
    },
  });
}

// GET /datasets/{dataset_id}/documents/{document_id}/segments
function listSegments({ ctx, params, query, res }: RouteRequest): void {
  const document = findDataset(ctx, params.dataset_id ?? "").documents.get(
    params.document_id ?? "",
  );
  if (!document) throw new DifyError(404, "not_found", "Document not found.");
  const keyword = query.get("keyword");
  const statuses = query.getAll("status");
  const found = document.segments.filter(
    (segment) =>
      matches(segment.content, keyword) &&
      (statuses.length === 0 || statuses.includes(segment.status)),
  );
  sendDifyJson(res, { status: 200, body: { ...paged(found, query), doc_form: "text_model" } });
}

/** The knowledge lists under /v1, behind the dataset key. */
export const DATASET_LIST_ROUTES: EmbeddedRoute[] = [
  { method: "GET", path: "/v1/datasets", access: "dataset", handle: listDatasets },
  { method: "GET", path: "/v1/datasets/:dataset_id", access: "dataset", handle: getDataset },
  {
    method: "GET",
    path: "/v1/datasets/:dataset_id/documents",
    access: "dataset",
    handle: listDocuments,
  },
  {
    method: "GET",
    path: "/v1/datasets/:dataset_id/documents/:document_id",
    access: "dataset",
    handle: getDocument,
  },
  {
    method: "GET",
    path: "/v1/datasets/:dataset_id/metadata",
    access: "dataset",
    handle: listMetadataFields,
  },
  {
    method: "GET",
    path: "/v1/datasets/:dataset_id/documents/:document_id/segments",
    access: "dataset",
    handle: listSegments,
  },
];
