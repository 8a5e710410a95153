import { ApiClientError } from "@/lib/client/api-client-error";

// What a failed read of a knowledge list means for the page: ask for the portal token again (our
// own 401), Dify refused the server's knowledge key (its 401 arrives as upstream_key_refused, its
// 403 as forbidden), the base or document is gone (404), or something else. A base outside the server's allowlist counts as gone.

export type ListProblem = "token" | "keyRefused" | "gone" | "failed";

export function listProblemOf(error: unknown): ListProblem {
  if (!(error instanceof ApiClientError)) return "failed";
  if (error.code === "unauthorized" && error.status === 401) return "token";
  // A base outside KNOWLEDGE_DATASET_IDS: to the page, one the server cannot see.
  if (error.code === "dataset_not_allowed") return "gone";
  if (error.code === "upstream_key_refused" || error.status === 403) return "keyRefused";
  if (error.status === 404) return "gone";
  return "failed";
}
