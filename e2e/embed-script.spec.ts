import type { Page } from "@playwright/test";
import { expect, test } from "@/e2e/fixtures";
import { EMBEDDED_ORIGIN } from "@/e2e/helpers/embedded";
import { fillDemoForm } from "@/e2e/helpers/forms";
import { openPortal, portalEvents } from "@/e2e/helpers/portal";
import type { DemoRun } from "@/e2e/helpers/runs";

// A portal on another origin (the embedded service's stand-in portal page) that only loads the
// app's embed.js and mounts a form link, with `HumanInputForms.mount` or `<human-input-form>`.

const FRAME = "#embed iframe";

for (const mode of ["mount", "element"] as const) {
  test(`embed.js (${mode}): the frame fits its content, events arrive as callbacks and DOM events, forged messages are ignored, and removing it leaves nothing behind`, async ({
    page,
    demoRun,
    baseURL,
  }) => {
    const app = new URL(baseURL!).origin;
    const listenersBefore = 0; // counted from when the page starts listening for embed.js
    await openPortal(page, EMBEDDED_ORIGIN, `${app}${demoRun.link}`, mode);
    const frame = page.frameLocator(FRAME);
    await expect(frame.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
    expect((await portalEvents(page)).messageListeners).toBe(listenersBefore + 1);

    // The frame grows to the form's height: taller than its starting 320 px, no inner scrollbar.
    const formFrame = page.frame({ url: (url) => url.pathname.startsWith("/form/") })!;
    await expect
      .poll(async () => (await page.locator(FRAME).boundingBox())?.height ?? 0)
      .toBeGreaterThan(600);
    await expect
      .poll(() =>
        formFrame.evaluate(
          () => document.documentElement.scrollHeight - document.documentElement.clientHeight,
        ),
      )
      .toBeLessThanOrEqual(1);

    await forgeMessages(page, app, demoRun);

    await fillDemoForm(frame);
    await frame.getByRole("button", { name: "Approve and publish" }).click();
    await expect(frame.getByRole("heading", { name: "Run finished" })).toBeVisible();
    await expect
      .poll(async () => (await portalEvents(page)).domEvents.map((event) => event.type))
      .toContain("human-input:run-finished");

    const { callbacks, domEvents } = await portalEvents(page);
    const domTypes = domEvents.map((event) => event.type);
    expect(domTypes).toEqual(expect.arrayContaining(["human-input:ready", "human-input:resize"]));
    const submitted = domEvents.filter((event) => event.type === "human-input:submitted");
    expect(submitted.map((event) => event.detail)).toEqual([
      expect.objectContaining({
        source: "dify-human-input",
        formToken: demoRun.formToken,
        actionId: "approve",
        actionTitle: "Approve and publish",
      }),
    ]);
    const finished = domEvents.find((event) => event.type === "human-input:run-finished")!;
    expect(finished.detail).toMatchObject({ status: "succeeded" });
    // The forged messages never reached the portal (the frame's own resize stayed in charge too).
    expect(domEvents.some((event) => event.detail.actionId === "forged")).toBe(false);
    expect((await page.locator(FRAME).boundingBox())!.height).toBeGreaterThan(100);

    if (mode === "mount") {
      // The same events, in the same order, as onEvent callbacks.
      expect(callbacks.map((event) => `human-input:${event.type}`)).toEqual(domTypes);
      expect(callbacks.find((event) => event.type === "submitted")).toEqual(submitted[0]!.detail);
      // setTheme reaches the form.
      await page.evaluate(() =>
        (window as unknown as { portal: { setTheme(theme: string): void } }).portal.setTheme(
          "dark",
        ),
      );
      await expect(frame.locator("html")).toHaveAttribute("data-theme", "dark");
      await page.evaluate(() =>
        (window as unknown as { portal: { destroy(): void } }).portal.destroy(),
      );
    } else {
      expect(callbacks).toEqual([]);
      await page.evaluate(() => {
        const element = document.querySelector("human-input-form")!;
        element.setAttribute("theme", "dark");
      });
      await expect(frame.locator("html")).toHaveAttribute("data-theme", "dark");
      await page.evaluate(() => document.querySelector("human-input-form")!.remove());
    }
    await expect(page.locator(FRAME)).toHaveCount(0);
    expect((await portalEvents(page)).messageListeners).toBe(listenersBefore);
  });
}

/** Messages that claim to come from the form: from another frame of the app's own origin and
 * from the portal's own window. */
async function forgeMessages(page: Page, app: string, demoRun: DemoRun) {
  const forged = {
    source: "dify-human-input",
    formToken: demoRun.formToken,
    type: "submitted",
    actionId: "forged",
    actionTitle: "Forged",
  };
  const forgedResize = { ...forged, type: "resize", height: 7 };
  await page.evaluate((src) => {
    const other = document.createElement("iframe");
    other.id = "other";
    other.src = src;
    document.body.appendChild(other);
    return new Promise((resolve) => other.addEventListener("load", resolve));
  }, `${app}/robots.txt`);
  const other = page.frame({ url: `${app}/robots.txt` })!;
  for (const message of [forged, forgedResize]) {
    await other.evaluate((data) => window.parent.postMessage(data, "*"), message);
    await page.evaluate((data) => window.postMessage(data, "*"), message);
  }
  await page.waitForTimeout(300);
  expect((await page.locator(FRAME).boundingBox())!.height).toBeGreaterThan(100);
  const { domEvents } = await portalEvents(page);
  expect(domEvents.some((event) => event.detail.actionId === "forged")).toBe(false);
}

test("embed.js: the form's frame, once sent to another origin, cannot speak for the form", async ({
  page,
  demoRun,
  baseURL,
}) => {
  const app = new URL(baseURL!).origin;
  await openPortal(page, EMBEDDED_ORIGIN, `${app}${demoRun.link}`);
  const frame = page.frameLocator(FRAME);
  await expect(frame.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  const formFrame = page.frame({ url: (url) => url.pathname.startsWith("/form/") })!;
  // The same window (the frame's `source` still matches), now on the portal's own origin.
  await formFrame.evaluate((url) => (location.href = url), `${EMBEDDED_ORIGIN}/_embedded/health`);
  await expect.poll(() => formFrame.url()).toContain("/_embedded/health");
  const before = (await portalEvents(page)).domEvents.length;
  await formFrame.evaluate((formToken) => {
    const base = { source: "dify-human-input", formToken };
    window.parent.postMessage({ ...base, type: "resize", height: 7 }, "*");
    window.parent.postMessage({ ...base, type: "submitted", actionId: "forged" }, "*");
  }, demoRun.formToken);
  await page.waitForTimeout(300);
  expect((await portalEvents(page)).domEvents.length).toBe(before);
  expect((await page.locator(FRAME).boundingBox())!.height).toBeGreaterThan(100);
});
