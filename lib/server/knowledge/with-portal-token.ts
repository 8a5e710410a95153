import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import type { RouteContract } from "@/lib/routes/route-contract";
import { getEnv } from "@/lib/server/env";
import { requirePortalToken } from "@/lib/server/request-guards";
import { endpoint, type RouteHandler } from "@/lib/server/route-handler";

/**
 * A knowledge route: a portal token first (401), then, with KNOWLEDGE_DATASET_IDS set, a
 * `dataset_id` param outside that list is refused (403 dataset_not_allowed) before any upstream
 * call: Dify's knowledge key reaches every dataset of its workspace, so this list is what keeps a
 * portal token to the bases it is meant for. A bearer token, not the same-origin guard: portals
 * call these routes from their backends.
 */
export function withPortalToken<C extends RouteContract>(contract: C, handler: RouteHandler<C>) {
  return endpoint(contract, handler, {
    before: requirePortalToken,
    guard: (_request, params) => {
      const datasetId = (params as { dataset_id?: string } | undefined)?.dataset_id;
      const allowed = getEnv().KNOWLEDGE_DATASET_IDS;
      if (datasetId !== undefined && allowed && !allowed.includes(datasetId)) {
        throw ApiError.of(
          "dataset_not_allowed",
          "This server's knowledge routes do not reach this dataset.",
        );
      }
      return {};
    },
  });
}
