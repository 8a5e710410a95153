import "server-only";
import { listDatasets } from "@/lib/dify/dify-client";
import type { DatasetPage } from "@/lib/dify/schemas";
import type { ListQuery } from "@/lib/knowledge/knowledge-list-query";

/**
 * The knowledge bases this server offers, one page of them, in Dify's own shape. The one place
 * the list is read, so an allowlist of dataset ids can filter it here.
 */
export function listKnowledgeBases(query: ListQuery): Promise<DatasetPage> {
  return listDatasets(query);
}
