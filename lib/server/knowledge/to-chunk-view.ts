import "server-only";
import type { ChunkEnvelope } from "@/lib/dify/schemas";
import type { ChunkView } from "@/lib/knowledge/chunk-view";

/** Only absolute http(s) URLs become links; anything else (javascript:, relative paths) is dropped. */
function safeLink(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const { protocol, href } = new URL(url);
  return protocol === "http:" || protocol === "https:" ? href : null;
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
