import type { Page } from "@playwright/test";
import { E2E_CHAT_APP_PORT } from "@/e2e/ports";

/** The app server whose key is the embedded chatflow app's: `test.use({ baseURL: CHAT_APP_URL })`. */
export const CHAT_APP_URL = `http://127.0.0.1:${E2E_CHAT_APP_PORT}`;

/** The launcher's anonymous user: the HttpOnly cookie the app set in this browser. */
export async function launcherUser(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) =>
    /^(__Host-)?hi_anon_user$/.test(c.name),
  );
  if (!cookie) throw new Error("the launcher has not set its user cookie");
  // `{user}.{signature}`
  return cookie.value.slice(0, cookie.value.lastIndexOf("."));
}
