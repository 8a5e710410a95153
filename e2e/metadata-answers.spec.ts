import type { Page } from "@playwright/test";
import { expect, test } from "@/e2e/fixtures";
import { embeddedAdmin } from "@/e2e/helpers/embedded";
import {
  DEMO_DATASET,
  getDocumentMetadata,
  openKnowledgeTools,
  PORTAL_TOKEN,
  resetDemoMetadata,
} from "@/e2e/helpers/knowledge";

// Metadata update answers from each server generation (issue 25, item 5). This spec writes only
// to doc-archive, which no other story touches, and the embedded service answers as an older
// server only for requests that name it.

test.describe.configure({ mode: "serial" });

/** Fills the metadata editor with one field for these documents and sends it; returns the editor. */
async function sendUpdate(
  page: Page,
  documents: string,
  row: { id: string; name: string; value: string },
) {
  await openKnowledgeTools(page);
  const editor = page.getByRole("region", { name: "Set document metadata" });
  await editor.getByLabel("Dataset id").fill(DEMO_DATASET);
  await editor.getByLabel("Document ids").fill(documents);
  const first = editor.getByRole("group", { name: "Field 1" });
  await first.getByLabel("Field id").fill(row.id);
  await first.getByLabel("Name").fill(row.name);
  await first.getByLabel("Type").selectOption({ label: "Text" });
  await first.getByLabel("Value").fill(row.value);
  await editor.getByRole("button", { name: "Review the change" }).click();
  await editor.getByRole("button", { name: "Apply" }).click();
  return { editor, row: first };
}

const auth = { Authorization: `Bearer ${PORTAL_TOKEN}` };
const metadataUrl = `/api/datasets/${DEMO_DATASET}/documents/metadata`;

test("an older server's body `200` is a success, and the change is there", async ({ request }) => {
  await resetDemoMetadata("doc-archive");
  await embeddedAdmin.configure({ olderMetadataServerFor: "doc-archive" });
  try {
    const response = await request.post(metadataUrl, {
      headers: auth,
      data: {
        operation_data: [
          {
            document_id: "doc-archive",
            metadata_list: [{ id: "meta-reviewed", name: "reviewed", value: "yes" }],
            partial_update: true,
          },
        ],
      },
    });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ result: "success" });
  } finally {
    await embeddedAdmin.configure({ olderMetadataServerFor: null });
  }
  expect(await getDocumentMetadata("doc-archive")).toContainEqual({
    id: "meta-reviewed",
    name: "reviewed",
    value: "yes",
  });
});

test("the newest server refuses an unknown metadata id before writing; the page says nothing was written", async ({
  page,
}) => {
  const before = await resetDemoMetadata("doc-archive");
  const { editor, row } = await sendUpdate(page, "doc-archive", {
    id: "meta-owner",
    name: "owner",
    value: "Team A",
  });
  await expect(editor.getByRole("alert")).toContainText(
    "Metadata not found. A metadata field you listed is not in this dataset.",
  );
  await expect(editor.getByRole("alert")).toContainText("nothing was written");
  // The server does not say which field; the app looked it up and marks that entry.
  await expect(row.getByLabel("Field id")).toHaveAccessibleDescription(
    /meta-owner is not a metadata field of this dataset\./,
  );
  expect(await getDocumentMetadata("doc-archive")).toEqual(before["doc-archive"]);
});

test("a document the server does not know is named beside the document ids, and nothing was written", async ({
  page,
}) => {
  const before = await resetDemoMetadata("doc-archive");
  const { editor } = await sendUpdate(page, "doc-archive\ndoc-gone", {
    id: "meta-reviewed",
    name: "reviewed",
    value: "no",
  });
  await expect(editor.getByRole("alert")).toContainText("Document not found");
  await expect(editor.getByLabel("Document ids")).toHaveAccessibleDescription(
    /doc-gone is not a document of this dataset\./,
  );
  await expect(editor.getByLabel("Document ids")).not.toHaveAccessibleDescription(/doc-archive/);
  expect(await getDocumentMetadata("doc-archive")).toEqual(before["doc-archive"]);
});
