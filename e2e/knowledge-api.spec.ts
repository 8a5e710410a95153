import { randomUUID } from "node:crypto";
import { expect, test } from "@/e2e/fixtures";
import { addFaults, callsFor, callsForRequest } from "@/e2e/helpers/embedded";
import {
  DEMO_DATASET,
  getChunkBodyUpstream,
  getDocumentMetadata,
  PORTAL_TOKEN,
  resetDemoMetadata,
} from "@/e2e/helpers/knowledge";
import { E2E_MISSING_DATASET } from "@/e2e/ports";

// The knowledge proxy routes, called as a portal backend calls them. This spec writes only to
// doc-security; the stories on /knowledge write to the other demo documents.

const auth = { Authorization: `Bearer ${PORTAL_TOKEN}` };
const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const metadataUrl = (datasetId: string) => `/api/datasets/${datasetId}/documents/metadata`;
const chunkUrl = (datasetId: string, documentId: string, segmentId: string) =>
  `/api/datasets/${datasetId}/documents/${documentId}/segments/${segmentId}`;

/** Headers that mark a request, and the upstream calls it caused (the embedded log by request id). */
function tracked() {
  const requestId = randomUUID();
  return {
    headers: { ...auth, "x-request-id": requestId },
    calls: () => callsForRequest(requestId),
  };
}

const entry = (documentId: string, extra: Record<string, unknown> = {}) => ({
  document_id: documentId,
  metadata_list: [{ id: "meta-reviewed", name: "reviewed", value: "yes" }],
  ...extra,
});

test("POST metadata merges, then replaces, exactly what was sent", async ({ request }) => {
  await resetDemoMetadata("doc-security");
  const merge = await request.post(metadataUrl(DEMO_DATASET), {
    headers: auth,
    data: {
      operation_data: [
        {
          document_id: "doc-security",
          metadata_list: [
            { id: "meta-reviewed", name: "reviewed", value: "yes" },
            { id: "meta-year", name: "year", value: 2026 },
          ],
          partial_update: true,
          ignored_field: "dropped",
        },
      ],
    },
  });
  expect(merge.status()).toBe(200);
  expect(await merge.json()).toEqual({ result: "success" });
  expect(merge.headers()["cache-control"]).toBe("no-store");
  expect(await getDocumentMetadata("doc-security")).toEqual([
    { id: "meta-author", name: "author", value: "Alan Turing" },
    { id: "meta-year", name: "year", value: 2026 },
    { id: "meta-reviewed", name: "reviewed", value: "yes" },
  ]);

  // partial_update left out: replace is the default.
  const replace = await request.post(metadataUrl(DEMO_DATASET), {
    headers: auth,
    data: {
      operation_data: [
        {
          document_id: "doc-security",
          metadata_list: [{ id: "meta-reviewed", name: "reviewed", value: null }],
        },
      ],
    },
  });
  expect(replace.status()).toBe(200);
  expect(await getDocumentMetadata("doc-security")).toEqual([
    { id: "meta-reviewed", name: "reviewed", value: null },
  ]);
});

test("a bare 200 from an older server counts as success, and the update is applied", async ({
  request,
}) => {
  await resetDemoMetadata("doc-security");
  // Harmless to other specs if one of theirs meets it: a bare 200 is a success for them too.
  await addFaults([
    {
      match: { method: "POST", path: `/v1/datasets/${DEMO_DATASET}/documents/metadata` },
      kind: "empty_ok",
      times: 1,
    },
  ]);
  const response = await request.post(metadataUrl(DEMO_DATASET), {
    headers: auth,
    data: { operation_data: [entry("doc-security", { partial_update: true })] },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ result: "success" });
  expect(await getDocumentMetadata("doc-security")).toContainEqual({
    id: "meta-reviewed",
    name: "reviewed",
    value: "yes",
  });
});

test("GET segment returns Dify's own answer, {data, doc_form}, unchanged", async ({ request }) => {
  const response = await request.get(chunkUrl(DEMO_DATASET, "doc-onboarding", "seg-onboarding-1"), {
    headers: auth,
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  // A portal written against Dify's documentation reads the same body from the app.
  expect(await response.json()).toEqual(
    await getChunkBodyUpstream("doc-onboarding", "seg-onboarding-1"),
  );
});

// Each case names a dataset of its own, so the call log shows whether it went upstream.
const invalidBodies: {
  name: string;
  body: unknown;
  message: string;
  issues: { path: string; message: string }[];
}[] = [
  {
    name: "empty operation_data",
    body: { operation_data: [] },
    message: "operation_data: operation_data must hold at least one document",
    issues: [{ path: "operation_data", message: "operation_data must hold at least one document" }],
  },
  {
    name: "more than 1,000 entries",
    body: { operation_data: Array.from({ length: 1001 }, (_, i) => entry(`doc-${i}`)) },
    message: "operation_data: operation_data may hold at most 1000 documents",
    issues: [{ path: "operation_data", message: "operation_data may hold at most 1000 documents" }],
  },
  {
    name: "missing operation_data",
    body: { documents: [] },
    message: "operation_data: operation_data must be an array",
    issues: [{ path: "operation_data", message: "operation_data must be an array" }],
  },
  {
    name: "empty document_id",
    body: { operation_data: [entry("")] },
    message: "operation_data.0.document_id: document_id is empty",
    issues: [{ path: "operation_data.0.document_id", message: "document_id is empty" }],
  },
  {
    name: "empty metadata id",
    body: {
      operation_data: [entry("doc-security", { metadata_list: [{ id: "", name: "n", value: 1 }] })],
    },
    message: "operation_data.0.metadata_list.0.id: id is empty",
    issues: [{ path: "operation_data.0.metadata_list.0.id", message: "id is empty" }],
  },
  {
    name: "empty metadata name",
    body: {
      operation_data: [entry("doc-security", { metadata_list: [{ id: "m", name: "", value: 1 }] })],
    },
    message: "operation_data.0.metadata_list.0.name: name is empty",
    issues: [{ path: "operation_data.0.metadata_list.0.name", message: "name is empty" }],
  },
  {
    name: "boolean value",
    body: {
      operation_data: [
        entry("doc-security", { metadata_list: [{ id: "m", name: "n", value: true }] }),
      ],
    },
    message: "operation_data.0.metadata_list.0.value: value must be a string, a number or null",
    issues: [
      {
        path: "operation_data.0.metadata_list.0.value",
        message: "value must be a string, a number or null",
      },
    ],
  },
  {
    name: "partial_update not a boolean",
    body: { operation_data: [entry("doc-security", { partial_update: "yes" })] },
    message: "operation_data.0.partial_update: partial_update must be true or false",
    issues: [
      { path: "operation_data.0.partial_update", message: "partial_update must be true or false" },
    ],
  },
  {
    name: "a document twice",
    body: { operation_data: [entry("doc-security"), entry("doc-pricing"), entry("doc-security")] },
    message: "operation_data.2.document_id: document doc-security appears more than once",
    issues: [
      {
        path: "operation_data.2.document_id",
        message: "document doc-security appears more than once",
      },
    ],
  },
];

for (const { name, body, message, issues } of invalidBodies) {
  test(`POST metadata refuses ${name} with 400 invalid_request and no upstream call`, async ({
    request,
  }) => {
    const { headers, calls } = tracked();
    const response = await request.post(metadataUrl(DEMO_DATASET), { headers, data: body });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      code: "invalid_request",
      message,
      issues,
    });
    expect(await calls()).toEqual([]);
  });
}

test("POST metadata refuses broken JSON (400) and another content type (415) without an upstream call", async ({
  request,
}) => {
  const first = tracked();
  const broken = await request.post(metadataUrl(DEMO_DATASET), {
    headers: { ...first.headers, "Content-Type": "application/json" },
    data: Buffer.from('{"operation_data": ['),
  });
  expect(broken.status()).toBe(400);
  expect(await broken.json()).toEqual({
    status: 400,
    code: "invalid_request",
    message: "The request body is not valid JSON.",
  });
  const second = tracked();
  const form = await request.post(metadataUrl(DEMO_DATASET), {
    headers: second.headers,
    form: { operation_data: "x" },
  });
  expect(form.status()).toBe(415);
  expect((await form.json()) as unknown).toMatchObject({ code: "unsupported_media_type" });
  expect(await first.calls()).toEqual([]);
  expect(await second.calls()).toEqual([]);
});

test("ids with characters outside letters, digits, - and _ are refused before any upstream call", async ({
  request,
}) => {
  const tag = unique("ids");
  const cases = [
    {
      response: await request.post(metadataUrl(`bad.${tag}`), {
        headers: auth,
        data: { operation_data: [entry("doc-security")] },
      }),
      message: "dataset_id: The dataset id has characters that are not allowed",
    },
    {
      response: await request.get(chunkUrl(DEMO_DATASET, `doc~${tag}`, "seg-onboarding-1"), {
        headers: auth,
      }),
      message: "document_id: The document id has characters that are not allowed",
    },
    {
      response: await request.get(chunkUrl(DEMO_DATASET, "doc-onboarding", `seg.${tag}`), {
        headers: auth,
      }),
      message: "segment_id: The segment id has characters that are not allowed",
    },
    {
      response: await request.get(chunkUrl(DEMO_DATASET, "doc-onboarding", `s${"x".repeat(128)}`), {
        headers: auth,
      }),
      message: "segment_id: The segment id is too long",
    },
  ];
  for (const { response, message } of cases) {
    expect(response.status()).toBe(400);
    // The message is `path: text`; `issues` says the same in parts.
    const [path, text] = message.split(": ");
    expect(await response.json()).toEqual({
      status: 400,
      code: "invalid_request",
      message,
      issues: [{ path, message: text }],
    });
  }
  expect(await callsFor(tag)).toEqual([]);
  expect(await callsFor("x".repeat(128))).toEqual([]);
});

test("both routes answer 401 without the portal token or with a wrong one, and never call upstream", async ({
  request,
}) => {
  const datasetId = unique("auth");
  const body = { operation_data: [entry("doc-security")] };
  const wrongHeaders: Record<string, string>[] = [
    {},
    { Authorization: "Bearer wrong-token" },
    { Authorization: `Bearer ${PORTAL_TOKEN.slice(0, -1)}x` },
    { Authorization: PORTAL_TOKEN },
  ];
  for (const headers of wrongHeaders) {
    for (const response of [
      await request.post(metadataUrl(datasetId), { headers, data: body }),
      await request.get(chunkUrl(datasetId, "doc-onboarding", "seg-onboarding-1"), { headers }),
    ]) {
      expect(response.status()).toBe(401);
      expect(await response.json()).toEqual({
        status: 401,
        code: "unauthorized",
        message: "A valid portal token is required (Authorization: Bearer …).",
      });
    }
  }
  // The token is checked before the body: an invalid body without a token is still a 401.
  const unauthenticatedInvalid = await request.post(metadataUrl(datasetId), { data: {} });
  expect(unauthenticatedInvalid.status()).toBe(401);
  expect(await callsFor(`/datasets/${datasetId}/`)).toEqual([]);
});

test("the upstream's 404s on a chunk pass through unchanged", async ({ request }) => {
  // Allowed by the e2e server's KNOWLEDGE_DATASET_IDS, unknown upstream.
  const datasetId = E2E_MISSING_DATASET;
  const { headers, calls } = tracked();
  const cases = [
    [chunkUrl(datasetId, "doc-onboarding", "seg-onboarding-1"), "Dataset not found."],
    [chunkUrl(DEMO_DATASET, unique("doc"), "seg-onboarding-1"), "Document not found."],
    [chunkUrl(DEMO_DATASET, "doc-onboarding", unique("seg")), "Segment not found."],
    // A segment of another document is not this document's.
    [chunkUrl(DEMO_DATASET, "doc-pricing", "seg-onboarding-1"), "Segment not found."],
  ] as const;
  for (const [url, message] of cases) {
    const response = await request.get(url, { headers: url.includes(datasetId) ? headers : auth });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ status: 404, code: "not_found", message });
  }
  expect(await calls()).toEqual([
    {
      method: "GET",
      path: `/v1/datasets/${datasetId}/documents/doc-onboarding/segments/seg-onboarding-1`,
      status: 404,
      at: expect.any(Number) as unknown,
      request_id: expect.any(String) as unknown,
    },
  ]);
});

test("metadata for an unknown dataset is 404 and for an unknown document 400, changing nothing", async ({
  request,
}) => {
  const before = (await resetDemoMetadata("doc-security"))["doc-security"];
  const { headers, calls } = tracked();
  const noDataset = await request.post(metadataUrl(E2E_MISSING_DATASET), {
    headers,
    data: { operation_data: [entry("doc-security")] },
  });
  expect(noDataset.status()).toBe(404);
  expect(await noDataset.json()).toEqual({
    status: 404,
    code: "not_found",
    message: "Dataset not found.",
  });
  expect(await calls()).toHaveLength(1);

  const noDocument = await request.post(metadataUrl(DEMO_DATASET), {
    headers: auth,
    data: {
      operation_data: [
        entry("doc-security", { metadata_list: [], partial_update: false }),
        entry(unique("doc")),
      ],
    },
  });
  expect(noDocument.status()).toBe(400);
  // Dify's message names no document: the app looked each one up and names the missing one.
  expect(await noDocument.json()).toEqual({
    status: 400,
    code: "invalid_param",
    message: "Document not found.",
    issues: [
      {
        path: "operation_data.1.document_id",
        message: expect.stringMatching(/^doc-.+ is not a document of this dataset\.$/) as unknown,
      },
    ],
  });
  // The embedded service checks the whole request first: the valid first entry was not applied.
  expect(await getDocumentMetadata("doc-security")).toEqual(before);
});
