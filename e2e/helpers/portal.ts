import type { Page } from "@playwright/test";

// The embedded service's stand-in portal page, on another origin than the app's.

/**
 * Plays a portal: the embedded service's stand-in portal page at `portalOrigin` loads the app's
 * embed.js and mounts `formUrl` with `HumanInputForms.mount` (or, with `mode: "element"`, as a
 * `<human-input-form>`) in `#embed`. It records every raw message it receives, in order
 * (`receivedMessages`), and what embed.js hands it (`portalEvents`).
 */
export async function openPortal(
  page: Page,
  portalOrigin: string,
  formUrl: string,
  mode: "mount" | "element" = "mount",
) {
  const query = new URLSearchParams({ src: formUrl });
  if (mode === "element") query.set("mode", "element");
  await page.goto(`${portalOrigin}/_embedded/portal?${query.toString()}`);
}

export type PortalMessage = {
  origin: string;
  data: { type: string; source: string; formToken: string } & Record<string, unknown>;
};

export function receivedMessages(page: Page) {
  return page.evaluate(() => (window as unknown as { received: PortalMessage[] }).received);
}

export type PortalEvent = { type: string; source: string; formToken: string } & Record<
  string,
  unknown
>;

/**
 * What the portal page got from embed.js: `onEvent` callbacks, `human-input:*` DOM events (their
 * `detail`, with the DOM event's name), and how many message listeners its window holds.
 */
export function portalEvents(page: Page) {
  return page.evaluate(() => {
    const portal = window as unknown as {
      callbacks: PortalEvent[];
      domEvents: { type: string; detail: PortalEvent }[];
      messageListeners: () => number;
    };
    return {
      callbacks: portal.callbacks,
      domEvents: portal.domEvents,
      messageListeners: portal.messageListeners(),
    };
  });
}
