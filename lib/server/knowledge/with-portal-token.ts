import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import type { RouteContract } from "@/lib/routes/route-contract";
import { getEnv } from "@/lib/server/env";
import { requirePortalToken } from "@/lib/server/request-guards";
import { endpoint, type RouteHandler } from "@/lib/server/route-handler";

// Dify's knowledge key reaches every dataset of its workspace: KNOWLEDGE_DATASET_IDS keeps a portal
// token to its bases. A bearer token, not the same-origin guard: portals call from their backends.
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
