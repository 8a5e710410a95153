// Ports of the e2e servers: apart from the demo's defaults so both can run at once, and
// overridable so two checkouts can run their suites side by side.
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const E2E_EMBEDDED_PORT = Number(process.env.E2E_EMBEDDED_PORT ?? 5101);

/** PORTAL_API_TOKEN of the e2e app server: the knowledge routes and /knowledge need it. */
export const E2E_PORTAL_TOKEN = "e2e-portal-token-0123456789abcdef";
/** Named portal tokens of the e2e app server (PORTAL_API_TOKENS), beside the unnamed one. */
export const E2E_NAMED_PORTAL_TOKENS = { backend: "e2e-backend-token-0123456789abcdef" } as const;
/**
 * KNOWLEDGE_DATASET_IDS of the e2e app server: every embedded base but `internal-notes`, and one
 * the embedded service does not have (the stories of Dify's own 404 use it).
 */
export const E2E_KNOWLEDGE_DATASET_IDS = [
  "demo-dataset",
  "support-articles",
  "empty-base",
  "retired-base",
];
/** An allowed dataset id the upstream does not know. */
export const E2E_MISSING_DATASET = "retired-base";
/** MAX_AUTH_FAILURES_PER_ADDRESS of the e2e app server: the suite's own wrong tokens fit under it. */
export const E2E_MAX_AUTH_FAILURES = 40;
// A second app server, configured with the embedded chatflow app's key (one key per server).
export const E2E_CHAT_APP_PORT = E2E_APP_PORT + 1;

/** METRICS_TOKEN of the e2e app server: GET /api/metrics needs it. */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789abcdef";
// App servers the replica and readiness stories start themselves, and the replica story's
// balancer: three ports from here on (E2E_REPLICA_PORT moves them).
export const E2E_REPLICA_PORT = Number(process.env.E2E_REPLICA_PORT ?? E2E_APP_PORT + 50);
