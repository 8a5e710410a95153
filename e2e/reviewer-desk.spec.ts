import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "@/e2e/fixtures";
import { chooseAction, fillDemoForm, signLink } from "@/e2e/helpers/forms";
import { chooseBase, SUPPORT_BASE, supportDocumentName } from "@/e2e/helpers/knowledge-browse";
import { openKnowledgeTools, setMetadataUpstream } from "@/e2e/helpers/knowledge";

// The reviewer's desk: a paragraph's Write / Preview / Changes, the receipt of a sent answer, and
// the small things around them, at a desktop width in light and a phone width in dark (each width
// and each scheme once). What neither width nor scheme changes runs once.

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

async function hydrated(page: Page) {
  await expect(page.locator("[data-awaiting-hydration]")).toHaveCount(0);
}

const DESKS = [
  { width: 1280, colorScheme: "light" },
  { width: 360, colorScheme: "dark" },
] as const;

for (const { width, colorScheme } of DESKS) {
  test.describe(`at ${width} px, ${colorScheme}`, () => {
    test.use({ viewport: { width, height: 900 }, colorScheme });

    test("a paragraph is written, previewed as Markdown and compared with its suggestion", async ({
      page,
      demoRun,
    }) => {
      // Three accessibility checks of the whole page on a shared machine.
      test.slow();
      await page.goto(demoRun.link);
      await hydrated(page);
      const draft = page.getByLabel("Draft");
      const suggestion = await draft.inputValue();
      const tabs = page.getByRole("tablist", { name: "Show the text as" });
      await expect(tabs.getByRole("tab", { name: "Write" })).toHaveAttribute(
        "aria-selected",
        "true",
      );

      // Preview: the text as the form's Markdown renders it.
      await tabs.getByRole("tab", { name: "Preview" }).click();
      const preview = page.getByRole("tabpanel", { name: "Preview" });
      // The draft's "# " heading sits under the form's sections: level 3, not 1.
      await expect(preview.getByRole("heading", { level: 3 }).first()).toBeVisible();
      await expect(preview.getByRole("heading", { level: 1 })).toHaveCount(0);
      await expect(preview.locator("strong").first()).toBeVisible();
      await expect(draft).toBeHidden();
      await expectNoAxeViolations(page);

      // Arrow keys move between the tabs.
      await tabs.getByRole("tab", { name: "Preview" }).press("ArrowLeft");
      await expect(tabs.getByRole("tab", { name: "Write" })).toBeFocused();
      await expect(draft).toBeVisible();

      // Changes: one word replaced, one added.
      await draft.fill(suggestion.replace("faster", "quicker") + " Thanks!");
      await tabs.getByRole("tab", { name: "Write" }).press("End");
      const changes = page.getByRole("tabpanel", { name: "Changes" });
      await expect(changes.getByRole("status")).toHaveText("2 words added, 1 removed.");
      await expect(changes.locator("del")).toHaveText("[removed: faster]");
      await expect(changes.locator("ins").first()).toHaveText("[added: quicker]");
      await expect(changes.locator("ins").last()).toContainText("Thanks!");
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Reset to suggestion" }).click();
      await expect(changes.getByRole("status")).toHaveText(
        "No changes: the text is the suggestion.",
      );
    });

    test("an accepted answer leaves a receipt: printable, downloadable, kept for a reload", async ({
      page,
      demoRun,
    }) => {
      // A long story: a submit, a download, print media, a reload, another person's link.
      test.slow();
      await page.goto(demoRun.link);
      await hydrated(page);
      await page.getByLabel("Draft").fill("Reviewed **text**");
      await fillDemoForm(page, "Playful");
      await chooseAction(page, "Reject");
      const receipt = page.getByRole("region", { name: "Receipt" });
      await expect(receipt.getByRole("definition").first()).toHaveText("Reject");
      await expect(receipt).toContainText("Reviewed **text**");
      await expect(receipt).toContainText("Playful");
      await expect(receipt).toContainText("cover.png");
      await expect(receipt.locator("time")).toHaveAttribute("datetime", /^\d{4}-/);
      await expect(receipt).toContainText("Run finished");
      await expectNoAxeViolations(page);

      const downloading = page.waitForEvent("download");
      await receipt.getByRole("button", { name: "Download as Markdown" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^answer-\d{4}-\d{2}-\d{2}\.md$/);
      const markdown = await readFile(await download.path(), "utf8");
      expect(markdown).toContain("- Action: **Reject**");
      expect(markdown).toContain("```\nReviewed **text**\n```");

      await page.emulateMedia({ media: "print" });
      await expect(receipt.getByRole("button", { name: "Print" })).toBeHidden();
      await expect(receipt).toContainText("Playful");
      await page.emulateMedia({ media: "screen" });

      // A reload of the same link: the form is answered, and this browser's receipt shows.
      await page.reload();
      await expect(page.getByRole("heading", { name: "Already answered" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Receipt" })).toContainText("Playful");
      await expectNoAxeViolations(page);

      // Another person's link to the same form shows no receipt.
      await page.goto(
        signLink({ token: demoRun.formToken, run: demoRun.runId, user: "someone@example.com" }),
      );
      await expect(page.getByRole("heading", { name: "Already answered" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Receipt" })).toHaveCount(0);
    });

    test("small things: a required label under its heading, drawn file icons", async ({
      page,
      demoRun,
    }) => {
      await page.goto(demoRun.link);
      await hydrated(page);
      // "### Tone" says the label; the field is required, so its label shows with the mark.
      await expect(page.locator("label", { hasText: "Tone" })).toBeVisible();
      await expect(page.getByText("* (required)", { exact: true })).toHaveCount(0);
      await fillDemoForm(page);
      const cover = page.getByRole("list", { name: "Files for Cover" });
      await expect(cover.locator(".file-thumb-icon svg")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test("a selection pasted over as the page hydrates is replaced", async ({ page, demoRun }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(demoRun.link, { waitUntil: "commit" });
  const draft = page.getByLabel("Draft");
  await expect(draft).toBeEditable();
  await draft.focus();
  await draft.evaluate((element: HTMLTextAreaElement) => element.select());
  release();
  await hydrated(page);
  await page.keyboard.insertText("Replaced in full");
  await expect(draft).toHaveValue("Replaced in full");
});

test("on a shared computer a receipt can be forgotten, and none outlives BROWSER_KEEP_DAYS", async ({
  page,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  await hydrated(page);
  await fillDemoForm(page, "Playful");
  await chooseAction(page, "Reject");
  const receipt = page.getByRole("region", { name: "Receipt" });
  await expect(receipt).toContainText("Playful");
  await receipt.getByRole("button", { name: "Forget this receipt" }).click();
  await expect(receipt).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Already answered" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Receipt" })).toHaveCount(0);

  // Receipts kept eight days and one day ago: any page of the app drops the older (7 days).
  await page.evaluate(() => {
    const kept = (daysAgo: number) =>
      JSON.stringify({
        version: 1,
        sentAt: Date.now() - daysAgo * 24 * 60 * 60 * 1000,
        expiresAt: null,
        action: "Approve",
        fields: [],
      });
    localStorage.setItem("human-input-receipt:old:someone", kept(8));
    localStorage.setItem("human-input-receipt:new:someone", kept(1));
  });
  await page.goto("/");
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith("human-input-receipt:")),
      ),
    )
    .toEqual(["human-input-receipt:new:someone"]);
});

test("/knowledge shows a number metadata value as stored", async ({ page }) => {
  // A page-wide accessibility check of the knowledge tools on a shared machine.
  test.slow();
  // This spec's own document, so no other story's writes change what it reads.
  await setMetadataUpstream(SUPPORT_BASE, [
    {
      document_id: "doc-support-06",
      metadata_list: [{ id: "meta-priority", name: "priority", value: 2025 }],
    },
  ]);
  await openKnowledgeTools(page);
  await chooseBase(page, "Support articles");
  const documents = page.getByRole("region", { name: "Documents of Support articles" });
  const row = documents.getByRole("row", { name: supportDocumentName("doc-support-06") });
  await expect(row).toContainText("2025");
  await expect(row).not.toContainText("2,025");
  await expectNoAxeViolations(page);
});
