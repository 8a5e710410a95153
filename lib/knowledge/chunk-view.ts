import { z } from "zod";
import type { ChunkEnvelope } from "@/lib/dify/schemas";

// The app's own view of one knowledge chunk: what the browser receives from
// GET /api/datasets/{dataset_id}/documents/{document_id}/segments/{segment_id}. The wire record is
// mapped here and nowhere else; internal fields (index node ids and hashes, account ids, the
// signed content) stay on the server.

export const childChunkViewSchema = z.object({
  id: z.string(),
  content: z.string(),
  position: z.number(),
  wordCount: z.number(),
});
export type ChildChunkView = z.infer<typeof childChunkViewSchema>;

export const chunkAttachmentViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  extension: z.string().nullable(),
  mimeType: z.string().nullable(),
  /** An http(s) link to the file, or null when the service gave none that is safe to follow. */
  url: z.string().nullable(),
});
export type ChunkAttachmentView = z.infer<typeof chunkAttachmentViewSchema>;

export const chunkViewSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  docForm: z.string(),
  position: z.number(),
  content: z.string(),
  /** The answer of a Q&A chunk, else null. */
  answer: z.string().nullable(),
  keywords: z.array(z.string()),
  status: z.string(),
  enabled: z.boolean(),
  error: z.string().nullable(),
  wordCount: z.number(),
  tokens: z.number(),
  hitCount: z.number(),
  /** Unix seconds; null when the step has not happened. */
  createdAt: z.number(),
  updatedAt: z.number().nullable(),
  indexingAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  disabledAt: z.number().nullable(),
  stoppedAt: z.number().nullable(),
  childChunks: z.array(childChunkViewSchema),
  attachments: z.array(chunkAttachmentViewSchema),
});
export type ChunkView = z.infer<typeof chunkViewSchema>;

/** Only absolute http(s) URLs become links; anything else (javascript:, relative paths) is dropped. */
function safeLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

export function toChunkView(envelope: ChunkEnvelope): ChunkView {
  const chunk = envelope.data;
  return {
    id: chunk.id,
    documentId: chunk.document_id,
    docForm: envelope.doc_form,
    position: chunk.position,
    content: chunk.content,
    answer: chunk.answer,
    keywords: chunk.keywords ?? [],
    status: chunk.status,
    enabled: chunk.enabled,
    error: chunk.error,
    wordCount: chunk.word_count,
    tokens: chunk.tokens,
    hitCount: chunk.hit_count,
    createdAt: chunk.created_at,
    updatedAt: chunk.updated_at ?? null,
    indexingAt: chunk.indexing_at,
    completedAt: chunk.completed_at,
    disabledAt: chunk.disabled_at,
    stoppedAt: chunk.stopped_at,
    childChunks: [...chunk.child_chunks]
      .sort((a, b) => a.position - b.position)
      .map((child) => ({
        id: child.id,
        content: child.content,
        position: child.position,
        wordCount: child.word_count,
      })),
    attachments: chunk.attachments.map((attachment) => ({
      id: attachment.id,
      name: attachment.name,
      size: attachment.size,
      extension: attachment.extension ?? null,
      mimeType: attachment.mime_type ?? null,
      url: safeLink(attachment.source_url),
    })),
  };
}
