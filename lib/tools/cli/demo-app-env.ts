import { randomBytes } from "node:crypto";

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
