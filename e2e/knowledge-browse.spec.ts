import AxeBuilder from "@axe-core/playwright";
import { expect, serverTest, test } from "@/e2e/fixtures";
import { openKnowledgeTools, PORTAL_TOKEN } from "@/e2e/helpers/knowledge";
import {
  chooseBase,
  resetSupportDocuments,
  supportDocumentName,
  supportDocumentValues,
} from "@/e2e/helpers/knowledge-browse";
import { addFaults, removeFaults } from "@/e2e/helpers/embedded";
import { E2E_MISSING_DATASET } from "@/e2e/ports";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";

// Stories of /knowledge without ids. This spec writes only to support documents: -01, -02, -24
// and the eight "Export a workspace" ones.

test.use({ timezoneId: "UTC", locale: "en-US" });

const auth = { Authorization: `Bearer ${PORTAL_TOKEN}` };

test("a maintainer sets a number and a time on three documents chosen across two pages", async ({
  page,
}) => {
  // A long story (two pages, a review, an accessibility check) on a shared machine.
  test.setTimeout(60_000);
  await resetSupportDocuments("doc-support-01", "doc-support-02", "doc-support-24");
  const first = supportDocumentName("doc-support-01");
  const second = supportDocumentName("doc-support-02");
  const third = supportDocumentName("doc-support-24");
  await openKnowledgeTools(page);
  await chooseBase(page, "Support articles");
  await expect(page).toHaveURL(/[?&]base=support-articles/);
  const documents = page.getByRole("region", { name: "Documents of Support articles" });

  // Search a document and choose it.
  await documents.getByLabel("Search documents by name").fill("reset a password");
  await documents.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=reset\+a\+password/);
  await expect(documents.getByRole("row")).toHaveCount(9);
  await documents.getByRole("checkbox", { name: `Choose ${first}` }).check();

  // Back to every document: one more on page 1, one on page 2; the choice is kept.
  await documents.getByLabel("Search documents by name").fill("");
  await documents.getByRole("button", { name: "Search" }).click();
  await documents.getByRole("checkbox", { name: `Choose ${second}` }).check();
  await documents.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await documents.getByRole("checkbox", { name: `Choose ${third}` }).check();
  await expect(documents.getByText("3 documents chosen")).toBeVisible();

  // Fields picked by name; the value input fits the type.
  const setter = page.getByRole("region", { name: "Set metadata of the chosen documents" });
  const field1 = setter.getByRole("group", { name: "Field 1" });
  await field1.getByLabel("Field").selectOption({ label: "priority (number)" });
  await field1.getByLabel("Value").fill("7");
  await setter.getByRole("button", { name: "Add a field" }).click();
  const field2 = setter.getByRole("group", { name: "Field 2" });
  await field2.getByLabel("Field").selectOption({ label: "reviewed_at (date and time)" });
  await expect(field2.getByLabel("Value")).toHaveAttribute("type", "datetime-local");
  await field2.getByLabel("Value").fill("2026-03-01T09:30");
  await setter.getByRole("button", { name: "Review the change" }).click();

  // The review: each document's values now → after.
  const review = setter.getByRole("region", { name: "Review before it goes" });
  await expect(review.getByText("Merge: 3 documents will change as below.")).toBeVisible();
  const firstReview = review.getByRole("table", { name: `Values of ${first}` });
  await expect(firstReview.getByRole("row", { name: /priority/ })).toHaveText(/priority\s*2\s*7/);
  await expect(firstReview.getByRole("row", { name: /reviewed_at/ })).toContainText(
    "Jan 7, 2025, 9:00 AM",
  );
  await expect(firstReview.getByRole("row", { name: /reviewed_at/ })).toContainText(
    "Mar 1, 2026, 9:30 AM",
  );
  const thirdReview = review.getByRole("table", { name: `Values of ${third}` });
  await expect(thirdReview.getByRole("row", { name: /priority/ })).toContainText("no value");

  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="documents-title"]')
    .include('section[aria-labelledby="set-metadata-title"]')
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await review.getByRole("button", { name: "Apply" }).click();
  await expect(setter.getByRole("status")).toHaveText(/Updated the metadata of 3 documents/);

  // The table shows what the service holds now (refetched), and time went as Unix seconds.
  const row = documents.getByRole("row", { name: third });
  await expect(row).toContainText("7");
  await expect(row).toContainText("Mar 1, 2026, 9:30 AM");
  const seconds = Date.UTC(2026, 2, 1, 9, 30) / 1000;
  expect(await supportDocumentValues("doc-support-24")).toEqual({
    priority: 7,
    reviewed_at: seconds,
  });
  // Merge kept the other values.
  expect(await supportDocumentValues("doc-support-01")).toMatchObject({
    product: "Billing",
    priority: 7,
    reviewed_at: seconds,
  });
});

test("a failed apply names the documents not updated, keeps what was typed, and can go again", async ({
  page,
}) => {
  const exports = [3, 11, 19, 27, 35, 43, 51, 59].map(
    (n) => `doc-support-${String(n).padStart(2, "0")}`,
  );
  await resetSupportDocuments(...exports);
  await openKnowledgeTools(page);
  await chooseBase(page, "Support articles");
  const documents = page.getByRole("region", { name: "Documents of Support articles" });
  await documents.getByLabel("Search documents by name").fill("Export a workspace");
  await documents.getByRole("button", { name: "Search" }).click();
  await expect(documents.getByRole("row")).toHaveCount(9);
  await documents.getByRole("checkbox", { name: "Choose every document on this page" }).check();
  await expect(documents.getByText("8 documents chosen")).toBeVisible();

  const setter = page.getByRole("region", { name: "Set metadata of the chosen documents" });
  const field = setter.getByRole("group", { name: "Field 1" });
  await field.getByLabel("Field").selectOption({ label: "product (text)" });
  await field.getByLabel("Value").fill("Exports");
  await setter.getByRole("button", { name: "Review the change" }).click();
  const review = setter.getByRole("region", { name: "Review before it goes" });

  const path = "/v1/datasets/support-articles/documents/metadata";
  await addFaults([{ match: { method: "POST", path }, kind: "status500", times: 1 }]);
  try {
    await review.getByRole("button", { name: "Apply" }).click();
    const alert = review.getByRole("alert");
    await expect(alert).toContainText("Not updated (8)");
    await expect(alert).toContainText(supportDocumentName("doc-support-59"));
    await expect(alert).toContainText("What you entered is kept");
  } finally {
    await removeFaults(path);
  }
  await expect(field.getByLabel("Value")).toHaveValue("Exports");
  expect(await supportDocumentValues("doc-support-03")).toMatchObject({ product: "Mobile app" });

  await review.getByRole("button", { name: "Apply" }).click();
  await expect(setter.getByRole("status")).toHaveText(/Updated the metadata of 8 documents/);
  await expect(
    documents.getByRole("row", { name: supportDocumentName("doc-support-03") }),
  ).toContainText("Exports");
});

test("a chunk opened from its document, and by a link that carries its ids", async ({ page }) => {
  await openKnowledgeTools(page);
  await chooseBase(page, "Product handbook");
  await page.getByRole("link", { name: "Chunks of Onboarding guide.md" }).click();
  const chunks = page.getByRole("region", { name: "Chunks of Onboarding guide.md" });
  await chunks.getByLabel("Search chunks by content").fill("invitation");
  await chunks.getByRole("button", { name: "Search" }).click();
  await expect(chunks.getByRole("listitem")).toHaveCount(1);
  await chunks.getByRole("link", { name: "Open chunk 2" }).click();
  const chunk = page.getByRole("region", { name: "Chunk in full" });
  await expect(chunk.getByText("Each invitation expires after seven days.")).toBeVisible();
  await expect(page).toHaveURL(/[?&]doc=doc-onboarding&.*segment=seg-onboarding-2/);
  expect(page.url()).not.toContain(PORTAL_TOKEN);

  // A shared link opens the same chunk (the token is this tab's, not the link's).
  await page.goto("/knowledge?base=demo-dataset&doc=doc-pricing&segment=seg-pricing-1");
  const shared = page.getByRole("region", { name: "Chunk in full" });
  await expect(shared.getByRole("region", { name: "Content" })).toContainText(
    "The Starter plan costs 19 USD",
  );
});

test("states: an empty base, no match, a base that is gone", async ({ page }) => {
  await openKnowledgeTools(page);
  await chooseBase(page, "Release notes (empty)");
  await expect(page.getByText("This knowledge base has no documents yet.")).toBeVisible();

  await chooseBase(page, "Support articles");
  const documents = page.getByRole("region", { name: "Documents of Support articles" });
  await documents.getByLabel("Search documents by name").fill("no such thing");
  await documents.getByRole("button", { name: "Search" }).click();
  await expect(documents.getByText("No document matches “no such thing”.")).toBeVisible();

  await page.goto("/knowledge?base=gone-base");
  await expect(
    page.getByRole("region", { name: "Documents of gone-base" }).getByRole("alert"),
  ).toContainText("This knowledge base no longer exists");
});

serverTest("the service refuses the server's knowledge key", async ({ page, ownAppServer }) => {
  serverTest.setTimeout(90_000);
  // A key the service knows, but not for knowledge: it answers 401, as Dify does.
  const server = await ownAppServer({ DIFY_DATASET_API_KEY: EMBEDDED_KEYS.workflowApp });
  await page.goto(`${server.url}/knowledge`);
  await page.getByLabel("Portal token").fill(PORTAL_TOKEN);
  await page.getByRole("button", { name: "Use token" }).click();
  await expect(
    page.getByRole("region", { name: "Knowledge bases" }).getByRole("alert"),
  ).toContainText("refused this server’s key");
  // The portal token itself was accepted: it is not asked for again.
  await expect(page.getByLabel("Portal token")).toBeHidden();
  // Every knowledge route says so alike, never as our own 401.
  for (const path of [
    "/api/datasets/demo-dataset/documents/doc-pricing/segments/seg-pricing-1",
    "/api/knowledge/chunks/demo-dataset/doc-pricing/seg-pricing-1",
  ]) {
    const answer = await page.request.get(`${server.url}${path}`, { headers: auth });
    expect(answer.status(), path).toBe(502);
    expect(await answer.json()).toMatchObject({ code: "upstream_key_refused" });
  }
});

test("with the keyboard alone: choose a range, open a document's chunks and a chunk", async ({
  page,
}) => {
  await openKnowledgeTools(page);
  await chooseBase(page, "Support articles");
  const documents = page.getByRole("region", { name: "Documents of Support articles" });
  const box = (n: string) =>
    documents.getByRole("checkbox", { name: `Choose ${supportDocumentName(`doc-support-${n}`)}` });
  await box("05").focus();
  await page.keyboard.press("Space");
  await box("08").focus();
  await page.keyboard.press("Shift+Space");
  await expect(documents.getByText("4 documents chosen")).toBeVisible();
  for (const n of ["05", "06", "07", "08"]) await expect(box(n)).toBeChecked();
  await expect(box("09")).not.toBeChecked();

  // From the row's checkbox, Tab reaches its "Chunks" link; Enter opens them.
  await box("08").focus();
  await page.keyboard.press("Tab");
  await expect(
    documents.getByRole("link", { name: `Chunks of ${supportDocumentName("doc-support-08")}` }),
  ).toBeFocused();
  await page.keyboard.press("Enter");
  const chunks = page.getByRole("region", { name: /^Chunks of 08 / });
  await chunks.getByRole("link", { name: "Open chunk 1" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Chunk in full" })).toContainText(
    "open Settings, choose",
  );
});

test("at 360 px the documents table is a list and nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openKnowledgeTools(page);
  await chooseBase(page, "Support articles");
  const documents = page.getByRole("region", { name: "Documents of Support articles" });
  const name = supportDocumentName("doc-support-03");
  const checkbox = documents.getByRole("checkbox", { name: `Choose ${name}` });
  await checkbox.check();
  await expect(documents.getByText("1 document chosen")).toBeVisible();
  const row = await documents.getByRole("row", { name }).boundingBox();
  expect(row?.width ?? 999).toBeLessThanOrEqual(360);
  // The column names are hidden (each value is labelled in its card); choosing the page is not.
  await expect(documents.getByRole("columnheader", { name: "priority" })).toBeHidden();
  await documents.getByRole("checkbox", { name: "Choose every document on this page" }).check();
  await expect(documents.getByText("20 documents chosen")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="documents-title"]')
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await documents.getByRole("row", { name }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("knowledge-360.png") });
});

test("the list routes answer Dify's shapes behind the portal token", async ({ request }) => {
  for (const path of [
    "/api/datasets",
    "/api/datasets/support-articles/documents",
    "/api/datasets/support-articles/metadata",
    "/api/datasets/demo-dataset/documents/doc-pricing/segments",
  ]) {
    const refusedToken = await request.get(path, { headers: { Authorization: "Bearer wrong" } });
    expect(refusedToken.status(), path).toBe(401);
    expect(await refusedToken.json()).toMatchObject({ code: "unauthorized" });
  }

  const bases = await request.get("/api/datasets?limit=2", { headers: auth });
  expect(bases.status()).toBe(200);
  expect(await bases.json()).toMatchObject({ page: 1, limit: 2, total: 3, has_more: true });

  const documents = await request.get(
    "/api/datasets/support-articles/documents?page=3&limit=20&status=available",
    { headers: auth },
  );
  const body = (await documents.json()) as { data: { doc_metadata: unknown[] }[]; total: number };
  expect(body.total).toBe(58);
  expect(body.data.length).toBe(18);

  const fields = await request.get("/api/datasets/support-articles/metadata", { headers: auth });
  expect(await fields.json()).toMatchObject({ built_in_field_enabled: true });

  const chunks = await request.get(
    "/api/datasets/demo-dataset/documents/doc-pricing/segments?keyword=business",
    { headers: auth },
  );
  expect(await chunks.json()).toMatchObject({ total: 1, doc_form: "text_model" });

  const refused = await request.get("/api/datasets/support-articles/documents?limit=500", {
    headers: auth,
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    code: "invalid_request",
    issues: [{ path: "limit", message: "limit must be at most 100" }],
  });
  // Allowed by the e2e server's KNOWLEDGE_DATASET_IDS, unknown upstream.
  const gone = await request.get(`/api/datasets/${E2E_MISSING_DATASET}/metadata`, {
    headers: auth,
  });
  expect(gone.status()).toBe(404);
  expect(await gone.json()).toMatchObject({ code: "not_found", message: "Dataset not found." });
  for (const path of [
    "/api/datasets/a.b/documents",
    "/api/datasets/a.b/metadata",
    "/api/datasets/demo-dataset/documents/x.y/segments",
  ]) {
    const badId = await request.get(path, { headers: auth });
    expect(badId.status(), path).toBe(400);
  }
  const badStatus = await request.get(
    "/api/datasets/demo-dataset/documents/doc-pricing/segments?status=everything",
    { headers: auth },
  );
  expect(await badStatus.json()).toMatchObject({ issues: [{ path: "status" }] });
});
