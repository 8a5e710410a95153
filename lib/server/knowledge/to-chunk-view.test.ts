import { describe, expect, it } from "vitest";
import { chunkViewSchema } from "@/lib/knowledge/chunk-view";
import { toChunkView } from "@/lib/server/knowledge/to-chunk-view";
import { chunkEnvelopeSchema } from "@/lib/dify/schemas";

const record = {
  id: "seg-1",
  position: 2,
  document_id: "doc-1",
  content: "# Title\n\nBody",
  sign_content: "signed",
  answer: null,
  word_count: 3,
  tokens: 5,
  keywords: ["alpha", "beta"],
  index_node_id: "node-uuid",
  index_node_hash: "hash",
  hit_count: 7,
  enabled: false,
  disabled_at: 1736154100,
  disabled_by: "account-uuid",
  status: "completed",
  created_by: "account-uuid",
  created_at: 1736154000,
  updated_at: 1736154060,
  indexing_at: 1736154001,
  completed_at: 1736154002,
  error: null,
  stopped_at: null,
  child_chunks: [
    {
      id: "c2",
      segment_id: "seg-1",
      content: "Second",
      position: 2,
      word_count: 1,
      type: "automatic",
      created_at: 1,
      updated_at: 1,
    },
    {
      id: "c1",
      segment_id: "seg-1",
      content: "First",
      position: 1,
      word_count: 1,
      type: "automatic",
      created_at: 1,
      updated_at: 1,
    },
  ],
  attachments: [
    {
      id: "a1",
      name: "guide.pdf",
      size: 1024,
      extension: "pdf",
      mime_type: "application/pdf",
      source_url: "https://files.example.com/a1?sign=x",
    },
    { id: "a2", name: "evil.html", size: 1, source_url: "javascript:alert(1)" },
    { id: "a3", name: "relative.png", size: 2, source_url: "/files/a3/file-preview" },
  ],
  some_future_field: "ignored",
};

describe("toChunkView", () => {
  const view = toChunkView(chunkEnvelopeSchema.parse({ data: record, doc_form: "text_model" }));

  it("maps every shown field and keeps internal ones on the server", () => {
    expect(view).toEqual({
      id: "seg-1",
      documentId: "doc-1",
      docForm: "text_model",
      position: 2,
      content: "# Title\n\nBody",
      answer: null,
      keywords: ["alpha", "beta"],
      status: "completed",
      enabled: false,
      error: null,
      wordCount: 3,
      tokens: 5,
      hitCount: 7,
      createdAt: 1736154000,
      updatedAt: 1736154060,
      indexingAt: 1736154001,
      completedAt: 1736154002,
      disabledAt: 1736154100,
      stoppedAt: null,
      childChunks: [
        { id: "c1", content: "First", position: 1, wordCount: 1 },
        { id: "c2", content: "Second", position: 2, wordCount: 1 },
      ],
      attachments: [
        {
          id: "a1",
          name: "guide.pdf",
          size: 1024,
          extension: "pdf",
          mimeType: "application/pdf",
          url: "https://files.example.com/a1?sign=x",
        },
        { id: "a2", name: "evil.html", size: 1, extension: null, mimeType: null, url: null },
        { id: "a3", name: "relative.png", size: 2, extension: null, mimeType: null, url: null },
      ],
    });
    expect(JSON.stringify(view)).not.toMatch(/account-uuid|node-uuid|hash|signed|future/);
  });

  it("produces what the browser's schema accepts", () => {
    expect(chunkViewSchema.parse(view)).toEqual(view);
  });

  it("turns null keywords, a missing updated_at and missing lists into empty values", () => {
    const sparse = toChunkView(
      chunkEnvelopeSchema.parse({
        data: {
          ...record,
          keywords: null,
          updated_at: undefined,
          child_chunks: undefined,
          attachments: undefined,
        },
        doc_form: "qa_model",
      }),
    );
    expect(sparse).toMatchObject({
      keywords: [],
      updatedAt: null,
      childChunks: [],
      attachments: [],
      docForm: "qa_model",
    });
  });
});
