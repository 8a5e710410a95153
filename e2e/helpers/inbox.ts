import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { AppServerProcess } from "@/e2e/app-server-process";
import { startRunAsPortal } from "@/e2e/helpers/runs";
import { E2E_PORTAL_TOKEN } from "@/e2e/ports";
import { EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { inboxLinkPath } from "@/lib/server/auth/inbox-link";
import type { LocalOidcProvider } from "@/lib/tools/oidc/local-oidc-provider";
import type { NotifyCatcher } from "@/lib/tools/notify/notify-catcher";

// The inbox stories' world: an app server with sign-in against the local OpenID provider, and
// mail and webhooks caught by the local receivers.

export type InboxWorld = {
  app: AppServerProcess;
  /** The app's environment, for a second copy beside it. */
  env: Record<string, string>;
  provider: LocalOidcProvider;
  catcher: NotifyCatcher;
};

export const WIDTHS = [360, 1280] as const;

export function inboxLink(user: string, ttlSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  return inboxLinkPath({ user, exp }, EMBEDDED_LINK_SECRET);
}

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Signs in on the local provider's own page, from wherever the app sent the browser. */
export async function signInAtProvider(page: Page, login: string, password = "demo") {
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill(password);
  await page.getByRole("button", { name: "Sign-in" }).click();
}

/**
 * Registers a paused form as a request for `recipient`, as a portal backend does: a fresh paused
 * demo run unless `form` names one.
 */
export async function registerRequest(
  world: InboxWorld,
  request: {
    recipient: string;
    title: string;
    requireSignIn?: boolean;
    form?: { formToken: string; runId?: string };
  },
): Promise<{ formToken: string; link: string }> {
  const { runId, formToken } = request.form ?? (await startRunAsPortal(request.recipient));
  const response = await fetch(`${world.app.url}/api/requests`, {
    method: "POST",
    headers: { Authorization: `Bearer ${E2E_PORTAL_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      form_token: formToken,
      run_id: runId || undefined,
      recipients: [request.recipient],
      title: request.title,
      require_sign_in: request.requireSignIn ?? false,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const body = (await response.json()) as { request: { links: Record<string, string> } };
  return { formToken, link: body.request.links[request.recipient]! };
}
