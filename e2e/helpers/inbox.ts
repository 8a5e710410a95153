import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { AppServerProcess } from "@/e2e/app-server-process";
import { EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { inboxLinkPath } from "@/lib/server/auth/inbox-link";
import type { LocalOidcProvider } from "@/lib/tools/oidc/local-oidc-provider";
import type { NotifyCatcher } from "@/lib/tools/notify/notify-catcher";

// The inbox stories' world: an app server with sign-in against the local OpenID provider, and
// mail and webhooks caught by the local receivers.

export type InboxWorld = {
  app: AppServerProcess;
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
