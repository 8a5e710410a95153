import { describe, expect, it } from "vitest";
import { SUPPORT_DOCUMENT_COUNT } from "./demo-knowledge-bases";
import { withTestServer } from "./test-client";

const env = withTestServer({}, { reset: false });

type Page = {
  data: { id: string; name: string }[];
  has_more: boolean;
  total: number;
  page: number;
};

async function list(path: string): Promise<Page> {
  const response = await env.client.get(path, { key: env.client.datasetKey });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

describe("the embedded knowledge lists", () => {
  it("pages the documents of a base, 100 at most, and an empty page past the end", async () => {
    const first = await list("/datasets/support-articles/documents?page=1&limit=50");
    expect(first).toMatchObject({ total: SUPPORT_DOCUMENT_COUNT, has_more: true, page: 1 });
    expect(first.data).toHaveLength(50);
    const second = await list("/datasets/support-articles/documents?page=2&limit=50");
    expect(second.data).toHaveLength(SUPPORT_DOCUMENT_COUNT - 50);
    expect(second.has_more).toBe(false);
    const capped = await list("/datasets/support-articles/documents?limit=500");
    expect(capped).toMatchObject({ limit: 100, has_more: false });
    expect(capped.data).toHaveLength(64);
    expect((await list("/datasets/support-articles/documents?page=9")).data).toEqual([]);
  });

  it("filters by keyword (any case) and by display status", async () => {
    const found = await list("/datasets/support-articles/documents?keyword=PASSWORD");
    expect(found.data.every((d) => d.name.includes("password"))).toBe(true);
    expect(found.total).toBe(8);
    const disabled = await list("/datasets/support-articles/documents?status=disabled");
    expect(disabled.total).toBe(6);
  });

  it("lists bases by name, and a base's fields with how many documents use each", async () => {
    expect((await list("/datasets?keyword=support")).data.map((d) => d.id)).toEqual([
      "support-articles",
    ]);
    const response = await env.client.get("/datasets/support-articles/metadata", {
      key: env.client.datasetKey,
    });
    expect(await response.json()).toEqual({
      doc_metadata: [
        { id: "meta-product", name: "product", type: "string", count: 48 },
        { id: "meta-priority", name: "priority", type: "number", count: 48 },
        { id: "meta-reviewed-at", name: "reviewed_at", type: "time", count: 32 },
      ],
      built_in_field_enabled: true,
    });
  });

  it("answers 404 for an unknown base or document, and 401 without the dataset key", async () => {
    const missing = await env.client.get("/datasets/nope/documents", {
      key: env.client.datasetKey,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      code: "not_found",
      message: "Dataset not found.",
    });
    const noDocument = await env.client.get("/datasets/support-articles/documents/nope/segments", {
      key: env.client.datasetKey,
    });
    expect(await noDocument.json()).toMatchObject({ message: "Document not found." });
    expect((await env.client.get("/datasets", { key: env.client.workflowKey })).status).toBe(401);
  });

  it("answers one document as the list shows it, and 404 for one that is not in the base", async () => {
    const listed = (await list("/datasets/support-articles/documents?limit=1")).data[0] as {
      id: string;
    };
    const one = await env.client.get(`/datasets/support-articles/documents/${listed.id}`, {
      key: env.client.datasetKey,
    });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(listed);
    const gone = await env.client.get("/datasets/support-articles/documents/nope", {
      key: env.client.datasetKey,
    });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: "not_found", message: "Document not found." });
  });

  it("answers one base as the list shows it, 404 for an unknown one, 401 without the dataset key", async () => {
    const one = await env.client.get("/datasets/support-articles", { key: env.client.datasetKey });
    expect(one.status).toBe(200);
    const listed = (await list("/datasets?keyword=support")).data[0];
    expect(await one.json()).toEqual(listed);
    const missing = await env.client.get("/datasets/nope", { key: env.client.datasetKey });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      code: "not_found",
      message: "Dataset not found.",
    });
    const appKey = await env.client.get("/datasets/support-articles", {
      key: env.client.workflowKey,
    });
    expect(appKey.status).toBe(401);
  });
});
