import { createHash } from "node:crypto";
import type {
  ChildChunk,
  ChunkAttachment,
  ChunkRecord,
  DatasetRecord,
  DocumentRecord,
  MetadataEntry,
} from "./store";

// Fixed times keep the demo knowledge base identical across restarts (2025-01-06 09:00 UTC).
export const CREATED_AT = 1736154000;
const ACCOUNT_ID = "4f0c3a52-8d7e-4c1b-9a36-2b1e5f7d9c10";

export interface SegmentSeed {
  content: string;
  keywords: string[];
  children?: string[];
  attachments?: Omit<ChunkAttachment, "source_url">[];
}

interface DocumentSeed {
  id: string;
  name: string;
  metadata: MetadataEntry[];
  segments: SegmentSeed[];
}

const FIELDS = {
  author: { id: "meta-author", name: "author", type: "string" },
  year: { id: "meta-year", name: "year", type: "number" },
  reviewed: { id: "meta-reviewed", name: "reviewed", type: "string" },
} as const;

const DOCUMENTS: DocumentSeed[] = [
  {
    id: "doc-onboarding",
    name: "Onboarding guide.md",
    metadata: [
      { ...pick("author"), value: "Ada Lovelace" },
      { ...pick("year"), value: 2024 },
      { ...pick("reviewed"), value: "yes" },
    ],
    segments: [
      {
        content:
          "New customers get a workspace within one business day. The welcome email links to the setup checklist.",
        keywords: ["workspace", "welcome email", "checklist"],
        children: [
          "New customers get a workspace within one business day.",
          "The welcome email links to the setup checklist.",
        ],
        attachments: [
          {
            id: "att-onboarding-checklist",
            name: "setup-checklist.pdf",
            size: 48213,
            extension: "pdf",
            mime_type: "application/pdf",
          },
        ],
      },
      {
        content:
          "Invite teammates from Settings → Members. Each invitation expires after seven days.",
        keywords: ["invite", "members", "expiry"],
      },
      {
        content:
          "Single sign-on is available on the Business plan and above; see the security document for details.",
        keywords: ["sso", "business plan"],
      },
    ],
  },
  {
    id: "doc-pricing",
    name: "Pricing 2025.pdf",
    metadata: [
      { ...pick("author"), value: "Grace Hopper" },
      { ...pick("year"), value: 2025 },
    ],
    segments: [
      {
        content: "The Starter plan costs 19 USD per seat per month, billed annually.",
        keywords: ["starter", "price", "seat"],
        children: ["The Starter plan costs 19 USD per seat per month.", "Billing is annual."],
      },
      {
        content:
          "The Business plan costs 49 USD per seat per month and includes SSO and audit logs.",
        keywords: ["business", "sso", "audit logs"],
      },
    ],
  },
  {
    id: "doc-security",
    name: "Security overview.docx",
    metadata: [
      { ...pick("author"), value: "Alan Turing" },
      { ...pick("year"), value: 2023 },
      { ...pick("reviewed"), value: "no" },
    ],
    segments: [
      {
        content: "Data is encrypted at rest with AES-256 and in transit with TLS 1.2 or later.",
        keywords: ["encryption", "aes-256", "tls"],
        children: [
          "Data is encrypted at rest with AES-256.",
          "Data in transit uses TLS 1.2 or later.",
        ],
        attachments: [
          {
            id: "att-security-diagram",
            name: "architecture.png",
            size: 120344,
            extension: "png",
            mime_type: "image/png",
          },
        ],
      },
      {
        content: "Penetration tests run twice a year; summaries are available under NDA.",
        keywords: ["penetration test", "nda"],
      },
      {
        content: "Access to production requires hardware keys and is reviewed every quarter.",
        keywords: ["production access", "hardware keys"],
      },
    ],
  },
  {
    // Written only by the stories of older and newest servers' metadata answers
    // (e2e/metadata-answers.spec.ts), so they disturb no other story.
    id: "doc-archive",
    name: "Archive policy.md",
    metadata: [
      { ...pick("author"), value: "Barbara Liskov" },
      { ...pick("year"), value: 2022 },
    ],
    segments: [
      {
        content: "Documents older than seven years are archived and kept read-only.",
        keywords: ["archive", "retention"],
      },
    ],
  },
];

function pick(name: keyof typeof FIELDS): { id: string; name: string } {
  return { id: FIELDS[name].id, name: FIELDS[name].name };
}

// Deterministic uuid-shaped ids, so index_node_id looks real but stays stable.
function stableUuid(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function words(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

export function buildSegment({
  docId,
  seed,
  index,
  origin,
}: {
  docId: string;
  seed: SegmentSeed;
  index: number;
  origin: string;
}): ChunkRecord {
  const id = `seg-${docId.replace(/^doc-/, "")}-${index + 1}`;
  const at = CREATED_AT + index * 60;
  const children: ChildChunk[] = (seed.children ?? []).map((content, i) => ({
    id: `${id}-child-${i + 1}`,
    segment_id: id,
    content,
    position: i + 1,
    word_count: words(content),
    type: "automatic",
    created_at: at,
    updated_at: at,
  }));
  const attachments: ChunkAttachment[] = (seed.attachments ?? []).map((a) => ({
    ...a,
    source_url: `${origin}/files/${a.id}/file-preview`,
  }));
  return {
    id,
    position: index + 1,
    document_id: docId,
    content: seed.content,
    sign_content: seed.content,
    answer: null,
    word_count: words(seed.content),
    tokens: Math.ceil(seed.content.length / 4),
    keywords: seed.keywords,
    index_node_id: stableUuid(`${id}:node`),
    index_node_hash: createHash("sha256").update(seed.content).digest("hex"),
    hit_count: index * 3,
    enabled: true,
    disabled_at: null,
    disabled_by: null,
    status: "completed",
    created_by: ACCOUNT_ID,
    created_at: at,
    updated_at: at,
    updated_by: ACCOUNT_ID,
    indexing_at: at,
    completed_at: at + 2,
    error: null,
    stopped_at: null,
    child_chunks: children,
    attachments,
    summary: null,
  };
}

// A fresh copy of the demo knowledge base "Product handbook" (id `demo-dataset`).
export function createDemoDatasets(origin: string): DatasetRecord[] {
  const documents = new Map<string, DocumentRecord>();
  for (const seed of DOCUMENTS) {
    documents.set(seed.id, {
      id: seed.id,
      name: seed.name,
      metadata: seed.metadata.map((m) => ({ ...m })),
      segments: seed.segments.map((s, i) =>
        buildSegment({ docId: seed.id, seed: s, index: i, origin }),
      ),
    });
  }
  return [
    {
      id: "demo-dataset",
      name: "Product handbook",
      metadataFields: Object.values(FIELDS).map((f) => ({ ...f })),
      documents,
    },
  ];
}
