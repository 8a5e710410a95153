import { ApiClientError } from "@/lib/client/api-client-error";

// Dify's 401 for the server's key arrives as upstream_key_refused, its 403 as forbidden.
export function listProblemOf(error: unknown): "token" | "keyRefused" | "gone" | "failed" {
  if (!(error instanceof ApiClientError)) return "failed";
  if (error.code === "unauthorized" && error.status === 401) return "token";
  // A base outside KNOWLEDGE_DATASET_IDS: to the page, one the server cannot see.
  if (error.code === "dataset_not_allowed") return "gone";
  if (error.code === "upstream_key_refused" || error.status === 403) return "keyRefused";
  if (error.status === 404) return "gone";
  return "failed";
}
