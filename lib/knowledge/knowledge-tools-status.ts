import { z } from "zod";
import type { AppEnv } from "@/lib/server/env-schema";

// Whether /knowledge can work on this server, decided from the environment alone. Told only to a
// holder of a portal token (GET /api/knowledge/status): the page an anonymous visitor gets is the
// same on every server. NOTE: only variable names leave the server, never their values.

export const knowledgeToolsStatusSchema = z.discriminatedUnion("enabled", [
  z.object({
    enabled: z.literal(true),
    /** Whether a metadata request is applied all or nothing (the embedded service) or one by one. */
    atomicUpdates: z.boolean(),
    /** Where a chunk's Markdown images may load from (MARKDOWN_IMAGE_ORIGINS). */
    imageOrigins: z.array(z.string()),
  }),
  z.object({ enabled: z.literal(false), missing: z.array(z.string()) }),
]);

export type KnowledgeToolsStatus = z.infer<typeof knowledgeToolsStatusSchema>;

export function knowledgeToolsStatus(
  env: Pick<AppEnv, "datasetApiKey" | "upstream" | "markdownImageOrigins">,
): KnowledgeToolsStatus {
  if (!env.datasetApiKey) return { enabled: false, missing: ["DIFY_DATASET_API_KEY"] };
  // The embedded service checks a whole metadata request before changing anything; real Dify
  // servers apply its entries one by one.
  return {
    enabled: true,
    atomicUpdates: env.upstream === "embedded",
    imageOrigins: env.markdownImageOrigins,
  };
}
