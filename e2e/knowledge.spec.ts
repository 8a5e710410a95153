import type { Page } from "@playwright/test";
import { expect, test } from "@/e2e/fixtures";
import {
  DEMO_DATASET,
  enterPortalToken,
  getChunkUpstream,
  getDocumentMetadata,
  openChunk,
  openKnowledgeTools,
  PORTAL_TOKEN,
  resetDemoMetadata,
} from "@/e2e/helpers/knowledge";

// Stories of /knowledge. This spec writes only to doc-onboarding and doc-pricing.

async function fillRow(
  page: Page,
  index: number,
  row: { id: string; name: string; type: "Text" | "Number" | "Empty (null)"; value?: string },
) {
  const group = page.getByRole("group", { name: `Field ${index + 1}` });
  await group.getByLabel("Field id").fill(row.id);
  await group.getByLabel("Name").fill(row.name);
  await group.getByLabel("Type").selectOption({ label: row.type });
  if (row.value !== undefined) await group.getByLabel("Value").fill(row.value);
}

async function reviewedBody(page: Page): Promise<unknown> {
  await page.getByRole("button", { name: "Review the change" }).click();
  return JSON.parse(
    (await page
      .getByRole("region", { name: "Review before it goes" })
      .getByLabel("Request body")
      .textContent()) ?? "",
  ) as unknown;
}

test("a person merges, then replaces, the metadata of two documents", async ({ page }) => {
  await resetDemoMetadata("doc-onboarding", "doc-pricing");
  await openKnowledgeTools(page);
  const editor = page.getByRole("region", { name: "Set document metadata" });

  await editor.getByLabel("Dataset id").fill(DEMO_DATASET);
  await editor.getByLabel("Document ids").fill("doc-onboarding\n\ndoc-pricing\n");
  await expect(editor.getByText("2 documents listed.")).toBeVisible();
  await fillRow(page, 0, { id: "meta-reviewed", name: "reviewed", type: "Text", value: "pending" });
  await editor.getByRole("button", { name: "Add a field" }).click();
  await fillRow(page, 1, { id: "meta-year", name: "year", type: "Number", value: "2026" });
  await expect(editor.getByRole("radio", { name: /Merge/ })).toBeChecked();

  const merge = {
    document_id: "",
    metadata_list: [
      { id: "meta-reviewed", name: "reviewed", value: "pending" },
      { id: "meta-year", name: "year", value: 2026 },
    ],
    partial_update: true,
  };
  expect(await reviewedBody(page)).toEqual({
    operation_data: [
      { ...merge, document_id: "doc-onboarding" },
      { ...merge, document_id: "doc-pricing" },
    ],
  });
  // While the request is reviewed, the entries cannot change under it.
  await expect(editor.getByLabel("Dataset id")).toBeDisabled();
  await editor.getByRole("button", { name: "Apply" }).click();
  await expect(editor.getByRole("status")).toHaveText(
    `Updated the metadata of 2 documents in ${DEMO_DATASET} (merged).`,
  );
  expect(await getDocumentMetadata("doc-onboarding")).toEqual([
    { id: "meta-author", name: "author", value: "Ada Lovelace" },
    { id: "meta-year", name: "year", value: 2026 },
    { id: "meta-reviewed", name: "reviewed", value: "pending" },
  ]);
  expect(await getDocumentMetadata("doc-pricing")).toEqual([
    { id: "meta-author", name: "author", value: "Grace Hopper" },
    { id: "meta-year", name: "year", value: 2026 },
    { id: "meta-reviewed", name: "reviewed", value: "pending" },
  ]);

  // Now replace: only "reviewed", and it becomes empty.
  await editor.getByRole("button", { name: "Remove field 2" }).click();
  await fillRow(page, 0, { id: "meta-reviewed", name: "reviewed", type: "Empty (null)" });
  await editor.getByText("Replace", { exact: true }).click();
  expect(await reviewedBody(page)).toEqual({
    operation_data: ["doc-onboarding", "doc-pricing"].map((id) => ({
      document_id: id,
      metadata_list: [{ id: "meta-reviewed", name: "reviewed", value: null }],
      partial_update: false,
    })),
  });
  await editor.getByRole("button", { name: "Apply" }).click();
  await expect(editor.getByRole("status")).toHaveText(
    `Updated the metadata of 2 documents in ${DEMO_DATASET} (replaced).`,
  );
  for (const id of ["doc-onboarding", "doc-pricing"]) {
    expect(await getDocumentMetadata(id)).toEqual([
      { id: "meta-reviewed", name: "reviewed", value: null },
    ]);
  }
});

test("a person sees the editor's mistakes next to the entries, and an unknown document changes nothing", async ({
  page,
}) => {
  const before = await resetDemoMetadata("doc-pricing");
  await openKnowledgeTools(page);
  const editor = page.getByRole("region", { name: "Set document metadata" });
  await editor.getByLabel("Dataset id").fill(DEMO_DATASET);
  await editor.getByLabel("Document ids").fill("doc-pricing\ndoc-pricing");
  await fillRow(page, 0, { id: "meta-year", name: "year", type: "Number", value: "soon" });
  await editor.getByRole("button", { name: "Review the change" }).click();
  const ids = editor.getByLabel("Document ids");
  await expect(ids).toHaveAttribute("aria-invalid", "true");
  await expect(ids).toHaveAccessibleDescription(/Listed more than once: doc-pricing/);
  await expect(editor.getByLabel("Value")).toHaveAccessibleDescription(
    "Enter a number, such as 2025",
  );

  await ids.fill("doc-pricing\ndoc-does-not-exist");
  await editor.getByLabel("Value").fill("2030");
  await editor.getByRole("button", { name: "Review the change" }).click();
  await editor.getByRole("button", { name: "Apply" }).click();
  await expect(editor.getByRole("alert")).toContainText(
    "Document not found. One of the listed documents is not in this dataset, so the request changed nothing.",
  );
  expect(await getDocumentMetadata("doc-pricing")).toEqual(before["doc-pricing"]);
});

test("a person opens a chunk and sees all of it, child chunks and attachments included", async ({
  page,
}) => {
  const upstream = await getChunkUpstream("doc-security", "seg-security-1");
  await openKnowledgeTools(page);
  const viewer = await openChunk(page, "doc-security", "seg-security-1");

  const chunk = viewer.getByRole("article");
  await expect(chunk.getByRole("heading", { name: "Chunk 1 of doc-security" })).toBeVisible();
  await expect(chunk.getByRole("region", { name: "Content" })).toHaveText(upstream.content);
  await expect(chunk.getByRole("list", { name: "Keywords" }).getByRole("listitem")).toHaveText(
    upstream.keywords,
  );
  const date = (seconds: number) =>
    page.evaluate(
      (ms) =>
        new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(ms),
      seconds * 1000,
    );
  const details = chunk.getByRole("region", { name: "Details" });
  const facts: [string, string][] = [
    ["Status", "completed"],
    ["Enabled", "Yes"],
    ["Position", "1"],
    ["Words", String(upstream.word_count)],
    ["Tokens", String(upstream.tokens)],
    ["Hits", String(upstream.hit_count)],
    ["Created", await date(upstream.created_at)],
    ["Updated", await date(upstream.updated_at)],
    ["Indexing started", await date(upstream.indexing_at)],
    ["Indexing completed", await date(upstream.completed_at)],
    ["Format", "text_model"],
    ["Chunk id", "seg-security-1"],
  ];
  await expect(details.getByRole("term")).toHaveText(facts.map(([term]) => term));
  await expect(details.getByRole("definition")).toHaveText(facts.map(([, value]) => value));

  const children = chunk.getByRole("list", { name: "Child chunks (2)" }).getByRole("listitem");
  await expect(children).toHaveCount(2);
  for (const [index, child] of upstream.child_chunks.entries()) {
    await expect(children.nth(index)).toContainText(child.content);
    await expect(children.nth(index)).toContainText(
      `Position ${child.position} · ${child.word_count} words`,
    );
  }
  const attachments = chunk.getByRole("list", { name: "Attachments (1)" }).getByRole("listitem");
  await expect(attachments).toHaveCount(1);
  const link = attachments.getByRole("link", { name: "architecture.png" });
  await expect(link).toHaveAttribute("href", upstream.attachments[0]!.source_url);
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(attachments).toContainText("118 KB · image/png");
});

test("an unknown segment id says the segment was not found", async ({ page }) => {
  await openKnowledgeTools(page);
  const viewer = await openChunk(page, "doc-onboarding", "seg-onboarding-9");
  await expect(viewer.getByRole("alert")).toHaveText(
    "Segment not foundDocument “doc-onboarding” has no segment “seg-onboarding-9”.",
  );
  const segment = viewer.getByLabel("Segment id");
  await expect(segment).toHaveAttribute("aria-invalid", "true");
  await expect(segment).toHaveAccessibleDescription("Segment not found.");
  await expect(viewer.getByLabel("Document id")).not.toHaveAttribute("aria-invalid", "true");
  await expect(viewer.getByRole("article")).toHaveCount(0);
});

test("a refused portal token is asked for again, and what was typed is kept", async ({ page }) => {
  // The base list asks at once, so a wrong token is refused before anything is typed.
  await openKnowledgeTools(page, "not-the-token");
  await expect(
    page.getByRole("region", { name: "Knowledge tools" }).getByRole("alert"),
  ).toContainText("The server refused the portal token.");
  const viewer = page.getByRole("region", { name: "Open a chunk" });
  await expect(viewer).toBeHidden();
  await enterPortalToken(page, PORTAL_TOKEN);
  await viewer.getByLabel("Dataset id").fill(DEMO_DATASET);
  await viewer.getByLabel("Document id").fill("doc-onboarding");
  await viewer.getByLabel("Segment id").fill("seg-onboarding-2");

  // While the token is entered again, the tools stay as they were.
  await page.getByRole("button", { name: "Forget token" }).click();
  await expect(viewer).toBeHidden();
  await enterPortalToken(page, PORTAL_TOKEN);
  await expect(viewer.getByLabel("Segment id")).toHaveValue("seg-onboarding-2");
  await viewer.getByRole("button", { name: "Open chunk" }).click();
  await expect(viewer.getByRole("heading", { name: "Chunk 2 of doc-onboarding" })).toBeVisible();

  // The token stays for the tab (a reload keeps it) until the person forgets it.
  await page.reload();
  await expect(page.getByRole("button", { name: "Forget token" })).toBeVisible();
  await page.getByRole("button", { name: "Forget token" }).click();
  await expect(page.getByLabel("Portal token")).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});
