import { randomBytes } from "node:crypto";
import { EMBEDDED_KEYS, EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";

/**
 * The environment with the embedded service's credentials filled in where DIFY_API_BASE is unset
 * (the app itself knows no demo credential): its app and knowledge keys and the demo's public link
 * secret, each only where the person set none.
 */
export function withDemoCredentials<T extends Record<string, string | undefined>>(source: T): T {
  if (source.DIFY_API_BASE?.trim()) return source;
  return {
    ...source,
    DIFY_APP_API_KEY: source.DIFY_APP_API_KEY?.trim() || EMBEDDED_KEYS.workflowApp,
    DIFY_DATASET_API_KEY: source.DIFY_DATASET_API_KEY?.trim() || EMBEDDED_KEYS.dataset,
    FORM_LINK_SECRET: source.FORM_LINK_SECRET?.trim() || EMBEDDED_LINK_SECRET,
  };
}

/**
 * The environment `npm run demo` gives the app when it runs against the embedded service, so
 * every feature works from the first command: a random portal token for this session (when none
 * is set) turns /knowledge and the knowledge routes on, and the embedded service's origin may
 * frame the app (its portal page is the embedding example). Returns the token it made, if any.
 */
export function demoAppEnv(
  source: Record<string, string | undefined>,
  embeddedOrigin: string,
): { env: Record<string, string | undefined>; sessionPortalToken: string | undefined } {
  const env = { ...source };
  let sessionPortalToken: string | undefined;
  if (!source.PORTAL_API_TOKEN?.trim()) {
    sessionPortalToken = randomBytes(24).toString("base64url");
    env.PORTAL_API_TOKEN = sessionPortalToken;
  }
  const origins = (source.EMBED_ALLOWED_ORIGINS ?? "").split(/\s+/).filter(Boolean);
  if (!origins.includes(embeddedOrigin)) origins.push(embeddedOrigin);
  env.EMBED_ALLOWED_ORIGINS = origins.join(" ");
  return { env, sessionPortalToken };
}

/**
 * The address `npm run demo` has the app listen on: loopback unless HOSTNAME says otherwise (Next
 * would listen on every interface, and the demo runs with public keys and a published secret).
 */
export function demoListenHost(source: Record<string, string | undefined>): string {
  return source.HOSTNAME?.trim() || "127.0.0.1";
}
