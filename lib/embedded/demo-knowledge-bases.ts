import { buildSegment, CREATED_AT, type SegmentSeed } from "./demo-datasets";
import type { DatasetRecord, DocumentRecord, MetadataEntry, MetadataField } from "./store";

// Demo knowledge bases to page through: "Support articles" (64 documents, one field of each
// metadata type, some documents without values) and an empty base. Fixed values keep them the
// same on every start.

const FIELDS = {
  product: { id: "meta-product", name: "product", type: "string" },
  priority: { id: "meta-priority", name: "priority", type: "number" },
  reviewedAt: { id: "meta-reviewed-at", name: "reviewed_at", type: "time" },
} as const satisfies Record<string, MetadataField>;

export const SUPPORT_DOCUMENT_COUNT = 64;

const PRODUCTS = ["Billing", "Workspace", "Mobile app", "Integrations"];
const TOPICS = [
  "Reset a password",
  "Change the billing email",
  "Export a workspace",
  "Connect a calendar",
  "Invite a guest",
  "Download invoices",
  "Set up two-factor sign-in",
  "Move a project",
];

const DAY = 86_400;

/** Document n (1-based) of "Support articles": every fourth has no values at all. */
function supportDocument(n: number, origin: string): DocumentRecord {
  const number = String(n).padStart(2, "0");
  const id = `doc-support-${number}`;
  const topic = TOPICS[(n - 1) % TOPICS.length]!;
  const product = PRODUCTS[(n - 1) % PRODUCTS.length]!;
  const metadata: MetadataEntry[] = [];
  if (n % 4 !== 0) {
    metadata.push({ id: FIELDS.product.id, name: FIELDS.product.name, value: product });
    metadata.push({ id: FIELDS.priority.id, name: FIELDS.priority.name, value: (n % 5) + 1 });
    if (n % 3 !== 0) {
      const at = CREATED_AT + n * DAY;
      metadata.push({ id: FIELDS.reviewedAt.id, name: FIELDS.reviewedAt.name, value: at });
    }
  }
  const seeds: SegmentSeed[] = [
    {
      content: `${topic} (${product}): open Settings, choose ${product}, then follow the steps on screen.`,
      keywords: [topic.toLowerCase(), product.toLowerCase()],
      children: [`Open Settings and choose ${product}.`, "Follow the steps on screen."],
    },
    {
      content: `If "${topic.toLowerCase()}" fails, sign out, sign in again and retry; support answers within one business day.`,
      keywords: ["retry", "support"],
    },
  ];
  return {
    id,
    name: `${number} ${topic} — ${product}.md`,
    createdAt: CREATED_AT + n * 3600,
    enabled: n % 10 !== 0,
    metadata,
    segments: seeds.map((seed, index) => buildSegment({ docId: id, seed, index, origin })),
  };
}

export function createDemoKnowledgeBases(origin: string): DatasetRecord[] {
  const documents = new Map<string, DocumentRecord>();
  for (let n = 1; n <= SUPPORT_DOCUMENT_COUNT; n++) {
    const document = supportDocument(n, origin);
    documents.set(document.id, document);
  }
  return [
    {
      id: "support-articles",
      name: "Support articles",
      description: "How-to articles of the help centre, one per task.",
      builtInFieldEnabled: true,
      metadataFields: Object.values(FIELDS).map((field) => ({ ...field })),
      documents,
    },
    {
      id: "empty-base",
      name: "Release notes (empty)",
      description: "A base with no documents yet.",
      metadataFields: [],
      documents: new Map(),
    },
    {
      // The e2e suite's KNOWLEDGE_DATASET_IDS leaves this one out: the workspace's key reaches it,
      // the app's knowledge routes must not.
      id: "internal-notes",
      name: "Internal notes",
      description: "A base of another team, outside the portal's allowlist.",
      metadataFields: [],
      documents: new Map(),
    },
  ];
}
