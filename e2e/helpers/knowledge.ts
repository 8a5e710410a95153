import type { Page } from "@playwright/test";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";
import { EMBEDDED_ORIGIN, embeddedAdmin } from "@/e2e/helpers/embedded";
import { E2E_PORTAL_TOKEN } from "@/e2e/ports";

// The knowledge tools: the demo dataset as the embedded service seeds it, and /knowledge's page.

export const PORTAL_TOKEN = E2E_PORTAL_TOKEN;
export const DEMO_DATASET = "demo-dataset";

export type MetadataEntry = { id: string; name: string; value: string | number | null };

/** The demo documents' metadata as the embedded service seeds it. */
const SEED_METADATA: Record<string, MetadataEntry[]> = {
  "doc-onboarding": [
    { id: "meta-author", name: "author", value: "Ada Lovelace" },
    { id: "meta-year", name: "year", value: 2024 },
    { id: "meta-reviewed", name: "reviewed", value: "yes" },
  ],
  "doc-pricing": [
    { id: "meta-author", name: "author", value: "Grace Hopper" },
    { id: "meta-year", name: "year", value: 2025 },
  ],
  "doc-archive": [
    { id: "meta-author", name: "author", value: "Barbara Liskov" },
    { id: "meta-year", name: "year", value: 2022 },
  ],
  "doc-security": [
    { id: "meta-author", name: "author", value: "Alan Turing" },
    { id: "meta-year", name: "year", value: 2023 },
    { id: "meta-reviewed", name: "reviewed", value: "no" },
  ],
};

/**
 * Puts demo documents back to their seeded metadata (directly upstream), so a test starts from a
 * known state however often the servers were reused. Each spec writes to its own documents.
 */
export async function resetDemoMetadata(...documentIds: string[]) {
  await setMetadataUpstream(
    DEMO_DATASET,
    documentIds.map((id) => ({ document_id: id, metadata_list: SEED_METADATA[id] ?? [] })),
  );
  return Object.fromEntries(documentIds.map((id) => [id, SEED_METADATA[id] ?? []]));
}

/** Replaces documents' metadata directly upstream (test set-up, not the app's route). */
export async function setMetadataUpstream(
  datasetId: string,
  operations: { document_id: string; metadata_list: MetadataEntry[] }[],
) {
  const response = await fetch(`${EMBEDDED_ORIGIN}/v1/datasets/${datasetId}/documents/metadata`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${EMBEDDED_KEYS.dataset}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({
      operation_data: operations.map((operation) => ({ ...operation, partial_update: false })),
    }),
  });
  if (!response.ok) throw new Error(`metadata reset: ${response.status} ${await response.text()}`);
}

/** A demo document's metadata as the embedded service holds it now (admin route). */
export async function getDocumentMetadata(documentId: string): Promise<MetadataEntry[]> {
  const document = await embeddedAdmin.document({ datasetId: DEMO_DATASET, documentId });
  return document.doc_metadata.map(({ id, name, value }) => ({ id, name, value }));
}

/** A chunk record exactly as the upstream sends it, to compare what the app shows against. */
export async function getChunkUpstream(documentId: string, segmentId: string) {
  const response = await fetch(
    `${EMBEDDED_ORIGIN}/v1/datasets/${DEMO_DATASET}/documents/${documentId}/segments/${segmentId}`,
    { headers: { Authorization: `Bearer ${EMBEDDED_KEYS.dataset}` } },
  );
  if (!response.ok) throw new Error(`chunk ${segmentId}: ${response.status}`);
  return ((await response.json()) as { data: UpstreamChunk }).data;
}

export type UpstreamChunk = {
  id: string;
  position: number;
  document_id: string;
  content: string;
  word_count: number;
  tokens: number;
  keywords: string[];
  hit_count: number;
  enabled: boolean;
  status: string;
  created_at: number;
  updated_at: number;
  indexing_at: number;
  completed_at: number;
  child_chunks: { id: string; content: string; position: number; word_count: number }[];
  attachments: {
    id: string;
    name: string;
    size: number;
    mime_type: string;
    source_url: string;
  }[];
};

/** Types the portal token into /knowledge's token form. */
export async function enterPortalToken(page: Page, token: string) {
  await page.getByLabel("Portal token").fill(token);
  await page.getByRole("button", { name: "Use token" }).click();
}

/** Opens /knowledge and enters the portal token, as a person does once per tab. */
export async function openKnowledgeTools(page: Page, token = PORTAL_TOKEN) {
  await page.goto("/knowledge");
  await enterPortalToken(page, token);
}

/** Fills the chunk viewer's three ids (demo dataset) and opens the chunk; returns the viewer. */
export async function openChunk(page: Page, documentId: string, segmentId: string) {
  const viewer = page.getByRole("region", { name: "Open a chunk" });
  await viewer.getByLabel("Dataset id").fill(DEMO_DATASET);
  await viewer.getByLabel("Document id").fill(documentId);
  await viewer.getByLabel("Segment id").fill(segmentId);
  await viewer.getByRole("button", { name: "Open chunk" }).click();
  return viewer;
}

/** Dify's whole answer for a chunk, `{data, doc_form}`, straight from the upstream. */
export async function getChunkBodyUpstream(documentId: string, segmentId: string) {
  const response = await fetch(
    `${EMBEDDED_ORIGIN}/v1/datasets/${DEMO_DATASET}/documents/${documentId}/segments/${segmentId}`,
    { headers: { Authorization: `Bearer ${EMBEDDED_KEYS.dataset}` } },
  );
  if (!response.ok) throw new Error(`chunk ${segmentId}: ${response.status}`);
  return (await response.json()) as { data: UpstreamChunk; doc_form: string };
}
