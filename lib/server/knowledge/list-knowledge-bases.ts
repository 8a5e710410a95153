import "server-only";
import pLimit from "p-limit";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import type { DatasetPage } from "@/lib/dify/schemas";
import type { ListQuery } from "@/lib/knowledge/knowledge-list-query";
import { ApiError } from "@/lib/errors/api-error";
import { getEnv } from "@/lib/server/env";

type Base = DatasetPage["data"][number];

/** Each allowed base as Dify describes it, in the list's order; one Dify no longer has is left out. */
async function readAllowedBases(ids: readonly string[]): Promise<Base[]> {
  const bases = await pLimit(getEnv().limits.allowedDatasetReadsAtOnce).map(ids, (id) =>
    getDifyClient()
      .getDataset(id)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  );
  return bases.filter((base): base is Base => base !== null);
}

// Each allowed base is read on its own and paged here: Dify's pages, filtered, would be short.
export async function listKnowledgeBases(query: ListQuery): Promise<DatasetPage> {
  const allowed = getEnv().KNOWLEDGE_DATASET_IDS;
  if (!allowed) return getDifyClient().listDatasets(query);
  const keyword = query.keyword?.trim().toLowerCase();
  const bases = (await readAllowedBases(allowed)).filter(
    (base) => !keyword || base.name.toLowerCase().includes(keyword),
  );
  const start = (query.page - 1) * query.limit;
  return {
    data: bases.slice(start, start + query.limit),
    has_more: start + query.limit < bases.length,
    limit: query.limit,
    total: bases.length,
    page: query.page,
  };
}
