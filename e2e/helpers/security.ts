import type { Page } from "@playwright/test";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";
import { EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { E2E_PORTAL_TOKEN } from "@/e2e/ports";

/**
 * Values that must never reach a browser: the keys the app holds, the link secret and the portal
 * token (which the app checks, and never sends back).
 */
export const SECRETS = [
  EMBEDDED_KEYS.workflowApp,
  EMBEDDED_KEYS.chatflowApp,
  EMBEDDED_KEYS.dataset,
  EMBEDDED_LINK_SECRET,
  E2E_PORTAL_TOKEN,
];

/** Requests the page sent to a path of the app (e.g. to see that nothing was sent). */
export function recordRequests(page: Page, path: string): { method: string; url: string }[] {
  const seen: { method: string; url: string }[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === path)
      seen.push({ method: request.method(), url: request.url() });
  });
  return seen;
}
