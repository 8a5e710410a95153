import { z } from "zod";

// Dify's internal fields (index node ids, hashes, account ids, signed content) stay on the server.

export const childChunkViewSchema = z.object({
  id: z.string(),
  content: z.string(),
  position: z.number(),
  wordCount: z.number(),
});

export const chunkAttachmentViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  extension: z.string().nullable(),
  mimeType: z.string().nullable(),
  /** An http(s) link to the file, or null when the service gave none that is safe to follow. */
  url: z.string().nullable(),
});

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
