import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { getEnv } from "@/lib/server/env";

/**
 * With KNOWLEDGE_DATASET_IDS set, a knowledge route refuses every other dataset id (403
 * dataset_not_allowed) before any upstream call: Dify's knowledge key reaches every dataset of its
 * workspace, so this list is what keeps a portal token to the bases it is meant for.
 */
export function requireAllowedDataset(datasetId: string): void {
  const allowed = getEnv().KNOWLEDGE_DATASET_IDS;
  if (allowed && !allowed.includes(datasetId)) {
    throw ApiError.of(
      "dataset_not_allowed",
      "This server's knowledge routes do not reach this dataset.",
    );
  }
}
