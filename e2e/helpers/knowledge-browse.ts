import type { Page } from "@playwright/test";
import { createDemoKnowledgeBases } from "@/lib/embedded/demo-knowledge-bases";
import { EMBEDDED_ORIGIN, embeddedAdmin } from "@/e2e/helpers/embedded";
import { setMetadataUpstream } from "@/e2e/helpers/knowledge";

// /knowledge without ids: the "Support articles" base as the embedded service seeds it.

export const SUPPORT_BASE = "support-articles";

const seed = createDemoKnowledgeBases(EMBEDDED_ORIGIN).find((base) => base.id === SUPPORT_BASE)!;

/** A seeded support document's file name (`01 Reset a password — Billing.md`). */
export function supportDocumentName(documentId: string): string {
  return seed.documents.get(documentId)!.name;
}

/** Puts support documents back to their seeded metadata (directly upstream). */
export async function resetSupportDocuments(...documentIds: string[]) {
  await setMetadataUpstream(
    SUPPORT_BASE,
    documentIds.map((id) => ({ document_id: id, metadata_list: seed.documents.get(id)!.metadata })),
  );
}

/** A support document's metadata as the embedded service holds it now. */
export async function supportDocumentValues(documentId: string) {
  const document = await embeddedAdmin.document({ datasetId: SUPPORT_BASE, documentId });
  return Object.fromEntries(document.doc_metadata.map(({ name, value }) => [name, value]));
}

/** Opens a knowledge base from the base list. */
export async function chooseBase(page: Page, name: string) {
  await page
    .getByRole("region", { name: "Knowledge bases" })
    .getByRole("button", { name: `Open: ${name}` })
    .click();
  await page.getByRole("region", { name: `Documents of ${name}` }).waitFor();
}
