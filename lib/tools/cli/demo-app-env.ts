import { randomBytes } from "node:crypto";
import { EMBEDDED_KEYS, EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";

/**
 * The environment `npm run demo` gives the app on the embedded service, in the app's ordinary
 * variables (it knows no demo of its own): the service's base URL, keys and public link secret
 * where the person set none; metadata updates all-or-nothing, as the service applies them; the
 * launcher on unless turned off; a random portal token for this session (when none is set), so
 * /knowledge works from the first command; and the service's origin may frame the app (its portal
 * page is the embedding example). Returns the token it made, if any.
 */
export function demoAppEnv(
  source: Record<string, string | undefined>,
  embedded: { url: string; origin: string },
): { env: Record<string, string | undefined>; sessionPortalToken: string | undefined } {
  const env: Record<string, string | undefined> = {
    ...source,
    DIFY_API_BASE: embedded.url,
    DIFY_APP_API_KEY: source.DIFY_APP_API_KEY?.trim() || EMBEDDED_KEYS.workflowApp,
    DIFY_DATASET_API_KEY: source.DIFY_DATASET_API_KEY?.trim() || EMBEDDED_KEYS.dataset,
    FORM_LINK_SECRET: source.FORM_LINK_SECRET?.trim() || EMBEDDED_LINK_SECRET,
    KNOWLEDGE_ATOMIC_UPDATES: "true",
    LAUNCHER_ENABLED: source.LAUNCHER_ENABLED?.trim() || "true",
  };
  let sessionPortalToken: string | undefined;
  if (!source.PORTAL_API_TOKEN?.trim()) {
    sessionPortalToken = randomBytes(24).toString("base64url");
    env.PORTAL_API_TOKEN = sessionPortalToken;
  }
  const origins = (source.EMBED_ALLOWED_ORIGINS ?? "").split(/\s+/).filter(Boolean);
  if (!origins.includes(embedded.origin)) origins.push(embedded.origin);
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
