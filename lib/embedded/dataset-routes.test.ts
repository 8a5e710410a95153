import { describe, expect, it } from "vitest";
import { withTestServer } from "./test-client";

const env = withTestServer({}, { reset: false });

async function metadataOf(
  documentId: string,
): Promise<{ id: string; name: string; value: unknown }[]> {
  const response = await env.client.admin.request(`/datasets/demo-dataset/documents/${documentId}`);
  const body = (await response.json()) as {
    doc_metadata: { id: string; name: string; value: unknown }[];
  };
  return body.doc_metadata.map(({ id, name, value }) => ({ id, name, value }));
}

function update(operationData: unknown, dataset = "demo-dataset"): Promise<Response> {
  return env.client.post(
    `/datasets/${dataset}/documents/metadata`,
    { operation_data: operationData },
    { key: env.client.datasetKey },
  );
}

describe("POST /datasets/{id}/documents/metadata", () => {
  it("replaces the document's metadata when partial_update is false", async () => {
    const response = await update([
      {
        document_id: "doc-pricing",
        metadata_list: [{ id: "meta-year", name: "year", value: 2026 }],
        partial_update: false,
      },
    ]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: "success" });
    expect(await metadataOf("doc-pricing")).toEqual([
      { id: "meta-year", name: "year", value: 2026 },
    ]);
  });

  it("merges by name when partial_update is true, naming each field as the dataset does", async () => {
    const before = await metadataOf("doc-security");
    const response = await update([
      {
        document_id: "doc-security",
        metadata_list: [
          { id: "meta-reviewed", name: "reviewed", value: "yes" },
          // The name sent is ignored: the id decides.
          { id: "meta-year", name: "anything", value: null },
        ],
        partial_update: true,
      },
    ]);
    expect(response.status).toBe(200);
    const after = await metadataOf("doc-security");
    expect(after).toHaveLength(before.length);
    expect(after).toContainEqual({ id: "meta-reviewed", name: "reviewed", value: "yes" });
    expect(after).toContainEqual({ id: "meta-year", name: "year", value: null });
    expect(after).toContainEqual(before.find((m) => m.name === "author"));
  });

  it("changes nothing when one entry names an unknown metadata id", async () => {
    const before = await metadataOf("doc-onboarding");
    const response = await update([
      {
        document_id: "doc-onboarding",
        metadata_list: [{ id: "meta-year", name: "year", value: 1999 }],
      },
      {
        document_id: "doc-pricing",
        metadata_list: [{ id: "meta-owner", name: "owner", value: "x" }],
      },
    ]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Metadata not found." });
    expect(await metadataOf("doc-onboarding")).toEqual(before);
  });

  it("as an older server: applies entries one by one and answers the body 200", async () => {
    await env.client.admin.configure({ olderMetadataServerFor: "doc-pricing" });
    try {
      // A request that does not name the document is answered as the newest servers do.
      const newest = await update([
        {
          document_id: "doc-onboarding",
          metadata_list: [{ id: "meta-author", name: "author", value: "x" }],
        },
      ]);
      expect(await newest.json()).toEqual({ result: "success" });
      const ok = await update([
        { document_id: "doc-pricing", metadata_list: [{ id: "meta-x", name: "x", value: 1 }] },
      ]);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe("200\n");
      const failed = await update([
        { document_id: "doc-pricing", metadata_list: [{ id: "meta-y", name: "y", value: 2 }] },
        { document_id: "doc-missing", metadata_list: [] },
      ]);
      expect(failed.status).toBe(400);
      // The entry before the unknown document stays applied.
      expect(await metadataOf("doc-pricing")).toEqual([{ id: "meta-y", name: "y", value: 2 }]);
    } finally {
      await env.client.admin.configure({ olderMetadataServerFor: null });
    }
  });

  it("changes nothing when one entry names an unknown document", async () => {
    const before = await metadataOf("doc-onboarding");
    const response = await update([
      {
        document_id: "doc-onboarding",
        metadata_list: [{ id: "meta-year", name: "year", value: 1999 }],
      },
      { document_id: "doc-missing", metadata_list: [] },
    ]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      code: "invalid_param",
      message: "Document not found.",
    });
    expect(await metadataOf("doc-onboarding")).toEqual(before);
  });

  it("changes nothing when one entry has a value of the wrong type", async () => {
    const before = await metadataOf("doc-onboarding");
    const response = await update([
      {
        document_id: "doc-onboarding",
        metadata_list: [{ id: "meta-year", name: "year", value: 1999 }],
      },
      {
        document_id: "doc-pricing",
        metadata_list: [{ id: "meta-year", name: "year", value: { bad: true } }],
      },
    ]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("invalid_param");
    expect(await metadataOf("doc-onboarding")).toEqual(before);
  });

  it("answers 404 for an unknown dataset and 401 for an app key", async () => {
    const missing = await update([], "no-dataset");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      status: 404,
      code: "not_found",
      message: "Dataset not found.",
    });
    const wrongKey = await env.client.post(
      "/datasets/demo-dataset/documents/metadata",
      { operation_data: [] },
      { key: env.client.workflowKey },
    );
    expect(wrongKey.status).toBe(401);
  });
});

describe("GET /datasets/{id}/documents/{doc}/segments/{segment}", () => {
  it("returns the chunk record with child chunks and attachments", async () => {
    const response = await env.client.get(
      "/datasets/demo-dataset/documents/doc-onboarding/segments/seg-onboarding-1",
      { key: env.client.datasetKey },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Record<string, unknown>; doc_form: string };
    expect(body.doc_form).toBe("text_model");
    expect(body.data).toMatchObject({
      id: "seg-onboarding-1",
      document_id: "doc-onboarding",
      answer: null,
      status: "completed",
      enabled: true,
      disabled_at: null,
      error: null,
    });
    const children = body.data.child_chunks as Record<string, unknown>[];
    expect(children[0]).toMatchObject({
      segment_id: "seg-onboarding-1",
      type: "automatic",
      position: 1,
    });
    expect(body.data.attachments).toEqual([
      expect.objectContaining({
        name: "setup-checklist.pdf",
        extension: "pdf",
        mime_type: "application/pdf",
      }),
    ]);
    expect(Number.isInteger(body.data.created_at)).toBe(true);
  });

  it.each([
    ["/datasets/nope/documents/doc-onboarding/segments/seg-onboarding-1", "Dataset not found."],
    ["/datasets/demo-dataset/documents/nope/segments/seg-onboarding-1", "Document not found."],
    ["/datasets/demo-dataset/documents/doc-onboarding/segments/nope", "Segment not found."],
    [
      "/datasets/demo-dataset/documents/doc-pricing/segments/seg-onboarding-1",
      "Segment not found.",
    ],
  ])("answers 404 for %s", async (path, message) => {
    const response = await env.client.get(path, { key: env.client.datasetKey });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, code: "not_found", message });
  });
});
