import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Waits until a file field (its group) has hydrated and is itself, not its stand-in. Until then it
 * is inert or does nothing, and whatever a test picks or types there is lost, as a person's click
 * would be; stories about that time have their own tests, the others start here.
 */
export async function fileFieldReady(group: Locator) {
  // Present first: a field not yet in the page (a frame still loading) has no gate above it either.
  await expect(group).toBeVisible();
  await expect(group.locator("xpath=ancestor-or-self::*[@data-awaiting-hydration]")).toHaveCount(0);
  // Then the field itself, not its stand-in (it loads once the browser is idle after hydration).
  await expect(group.locator("xpath=self::*[@data-awaiting-field]")).toHaveCount(0);
}

/** Picks files in a file field, found by its label, as the file chooser would. */
export async function attachFiles(
  page: Page,
  label: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
) {
  const group = page.getByRole("group", { name: label });
  await fileFieldReady(group);
  await group.locator('input[type="file"]').setInputFiles(files);
}
