import type { Page } from "@playwright/test";

/** Picks files in a file field, found by its label, as the file chooser would. */
export async function attachFiles(
  page: Page,
  label: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
) {
  await page.getByRole("group", { name: label }).locator('input[type="file"]').setInputFiles(files);
}
