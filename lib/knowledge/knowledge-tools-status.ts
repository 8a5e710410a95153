import type { AppEnv } from "@/lib/server/env-schema";

// Whether /knowledge can work on this server, decided from the environment alone. NOTE: only
// variable names leave the server, never their values.

export type KnowledgeToolsStatus =
  { enabled: true; atomicUpdates: boolean } | { enabled: false; missing: string[] };

export function knowledgeToolsStatus(
  env: Pick<AppEnv, "portalApiToken" | "datasetApiKey" | "upstream">,
): KnowledgeToolsStatus {
  const missing = [
    env.portalApiToken ? null : "PORTAL_API_TOKEN",
    env.datasetApiKey ? null : "DIFY_DATASET_API_KEY",
  ].filter((name): name is string => name !== null);
  if (missing.length > 0) return { enabled: false, missing };
  // The embedded service checks a whole metadata request before changing anything; real Dify
  // servers apply its entries one by one.
  return { enabled: true, atomicUpdates: env.upstream === "embedded" };
}
