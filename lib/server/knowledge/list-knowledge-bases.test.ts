import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError as ApiErrorClass } from "@/lib/errors/api-error";

const client = vi.hoisted(() => ({
  listDatasets: vi.fn(),
  getDataset: vi.fn(),
}));
vi.mock("@/lib/server/dify/get-dify-client", () => ({ getDifyClient: () => client }));

const base = (id: string, name: string) => ({ id, name, description: "", document_count: 1 });
const BASES: Record<string, ReturnType<typeof base>> = {
  a: base("a", "Alpha guides"),
  b: base("b", "Beta notes"),
  c: base("c", "Gamma guides"),
};

// The module's own ApiError (modules are loaded afresh per test, so is the class).
let ApiError: typeof ApiErrorClass;

async function load(allowlist: string | undefined) {
  vi.resetModules();
  vi.unstubAllEnvs();
  if (allowlist !== undefined) vi.stubEnv("KNOWLEDGE_DATASET_IDS", allowlist);
  ApiError = (await import("@/lib/errors/api-error")).ApiError;
  return (await import("@/lib/server/knowledge/list-knowledge-bases")).listKnowledgeBases;
}

beforeEach(() => {
  client.listDatasets.mockReset().mockResolvedValue({
    data: Object.values(BASES),
    has_more: false,
    limit: 20,
    total: 3,
    page: 1,
  });
  client.getDataset
    .mockReset()
    .mockImplementation((id: string) =>
      BASES[id]
        ? Promise.resolve(BASES[id])
        : Promise.reject(ApiError.of("not_found", "Dataset not found.")),
    );
});

describe("listKnowledgeBases", () => {
  it("passes Dify's own page through without an allowlist", async () => {
    const list = await load(undefined);
    expect((await list({ page: 1, limit: 20 })).total).toBe(3);
    expect(client.getDataset).not.toHaveBeenCalled();
  });

  it("with KNOWLEDGE_DATASET_IDS, reads each allowed base and never lists the workspace", async () => {
    const list = await load("c,a,gone");
    expect(await list({ page: 1, limit: 20 })).toEqual({
      data: [BASES.c, BASES.a],
      has_more: false,
      limit: 20,
      total: 2,
      page: 1,
    });
    expect(client.listDatasets).not.toHaveBeenCalled();
    expect(client.getDataset.mock.calls.map(([id]) => id as string).sort()).toEqual([
      "a",
      "c",
      "gone",
    ]);
  });

  it("searches by name (any case) and pages the allowed bases as Dify pages its list", async () => {
    const list = await load("a,b,c");
    expect(await list({ page: 1, limit: 1, keyword: "GUIDES" })).toMatchObject({
      data: [BASES.a],
      has_more: true,
      total: 2,
    });
    expect(await list({ page: 2, limit: 1, keyword: "guides" })).toMatchObject({
      data: [BASES.c],
      has_more: false,
    });
    expect((await list({ page: 3, limit: 1 })).data).toEqual([BASES.c]);
    expect((await list({ page: 9, limit: 1 })).data).toEqual([]);
  });

  it("fails as a whole when Dify refuses the key", async () => {
    const list = await load("a");
    client.getDataset.mockRejectedValue(ApiError.of("upstream_key_refused", "refused"));
    await expect(list({ page: 1, limit: 20 })).rejects.toMatchObject({
      code: "upstream_key_refused",
    });
  });
});
