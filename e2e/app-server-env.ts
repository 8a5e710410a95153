import {
  E2E_EMBEDDED_PORT,
  E2E_KNOWLEDGE_DATASET_IDS,
  E2E_MAX_AUTH_FAILURES,
  E2E_METRICS_TOKEN,
  E2E_NAMED_PORTAL_TOKENS,
  E2E_PORTAL_TOKEN,
} from "@/e2e/ports";
import { EMBEDDED_KEYS, EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";

/**
 * The environment of every app server of the e2e suite: the config's own and those a story starts
 * itself (replicas, readiness). The embedded service, whatever the developer's environment says.
 */
export function e2eAppServerEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    DIFY_API_BASE: `http://127.0.0.1:${E2E_EMBEDDED_PORT}/v1`,
    // The embedded service's credentials: the app knows none of its own.
    DIFY_APP_API_KEY: EMBEDDED_KEYS.workflowApp,
    DIFY_APP_MODE: "",
    LAUNCHER_ENABLED: "true",
    // The embedded service checks a whole metadata update before writing any of it.
    KNOWLEDGE_ATOMIC_UPDATES: "true",
    DIFY_DATASET_API_KEY: EMBEDDED_KEYS.dataset,
    FORM_LINK_SECRET: EMBEDDED_LINK_SECRET,
    PORTAL_API_TOKEN: E2E_PORTAL_TOKEN,
    PORTAL_API_TOKENS: Object.entries(E2E_NAMED_PORTAL_TOKENS)
      .map(([name, token]) => `${name}:${token}`)
      .join(" "),
    // Every embedded base but one, so that the knowledge stories run through the allowlist.
    KNOWLEDGE_DATASET_IDS: E2E_KNOWLEDGE_DATASET_IDS.join(","),
    // The wrong-token stories of the suite all come from 127.0.0.1; the throttle's own story
    // names an address of its own.
    MAX_AUTH_FAILURES_PER_ADDRESS: String(E2E_MAX_AUTH_FAILURES),
    METRICS_TOKEN: E2E_METRICS_TOKEN,
    // The stand-in portal of the embedding story (served by the embedded service).
    EMBED_ALLOWED_ORIGINS: `http://127.0.0.1:${E2E_EMBEDDED_PORT}`,
    // Markdown images from one path of the embedded service only (e2e/markdown-links.spec.ts).
    MARKDOWN_IMAGE_ORIGINS: `http://127.0.0.1:${E2E_EMBEDDED_PORT}/_embedded/`,
    // The stories' own file servers listen on 127.0.0.1 at ports of their own and are reached as
    // localhost, an inside host the operator names at any port; every other inside address stays
    // refused.
    REMOTE_FILE_HOSTS: "localhost:*",
    // The stories' file servers answer at once; the slow one is given up on soon.
    REMOTE_FILE_TIMEOUT_MS: "2500",
    // Short enough for the fault tests to see timeouts within a test's time.
    DIFY_RESPONSE_TIMEOUT_MS: "4000",
    // Long enough that a busy moment (the load stories) is not taken for a lost stream.
    DIFY_STREAM_IDLE_TIMEOUT_MS: "8000",
    // Every story's requests come from 127.0.0.1: the per-address limits would count the whole
    // suite as one client. e2e/limits.spec.ts starts a server with small ones of its own.
    LAUNCH_RATE_PER_MINUTE: "1000000",
    UPLOAD_RATE_PER_MINUTE: "1000000",
    NEXT_LINK_RATE_PER_MINUTE: "1000000",
    MAX_STREAMS_PER_ADDRESS: "100000",
    ...overrides,
  };
}
