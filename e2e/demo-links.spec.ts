import { expect, test } from "@/e2e/fixtures";
import { openChunk, PORTAL_TOKEN } from "@/e2e/helpers/knowledge";

// `npm run demo` prints /knowledge with the session's portal token in the fragment.

test("a /knowledge link with the token in its fragment opens the tools, and the token leaves the address bar", async ({
  page,
}) => {
  await page.goto(`/knowledge#token=${PORTAL_TOKEN}`);
  await expect(page.getByRole("button", { name: "Forget token" })).toBeVisible();
  await expect.poll(() => new URL(page.url()).hash).toBe("");
  const viewer = await openChunk(page, "doc-onboarding", "seg-onboarding-1");
  await expect(viewer.getByRole("heading", { name: "Chunk 1 of doc-onboarding" })).toBeVisible();
});
