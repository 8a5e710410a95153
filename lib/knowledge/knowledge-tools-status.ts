import { z } from "zod";
import type { AppEnv } from "@/lib/server/env-schema";

// Told only to a portal-token holder; only variable names leave the server, never their values.

export const knowledgeToolsStatusSchema = z.discriminatedUnion("enabled", [
  z.object({
    enabled: z.literal(true),
    /** Whether a metadata request is applied all or nothing or one by one (KNOWLEDGE_ATOMIC_UPDATES). */
    atomicUpdates: z.boolean(),
    /** Where a chunk's Markdown images may load from (MARKDOWN_IMAGE_ORIGINS). */
    imageOrigins: z.array(z.string()),
  }),
  z.object({ enabled: z.literal(false), missing: z.array(z.string()) }),
]);

export type KnowledgeToolsStatus = z.infer<typeof knowledgeToolsStatusSchema>;

export function knowledgeToolsStatus(
  env: Pick<AppEnv, "DIFY_DATASET_API_KEY" | "KNOWLEDGE_ATOMIC_UPDATES" | "MARKDOWN_IMAGE_ORIGINS">,
): KnowledgeToolsStatus {
  if (!env.DIFY_DATASET_API_KEY) return { enabled: false, missing: ["DIFY_DATASET_API_KEY"] };
  return {
    enabled: true,
    atomicUpdates: env.KNOWLEDGE_ATOMIC_UPDATES,
    imageOrigins: env.MARKDOWN_IMAGE_ORIGINS,
  };
}
