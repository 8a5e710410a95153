import { parseInput } from "@/lib/errors/api-error";
import { updateDocumentsMetadata } from "@/lib/dify/dify-client";
import { datasetRouteParamsSchema } from "@/lib/ids/path-ids";
import { metadataUpdateRequestSchema } from "@/lib/knowledge/metadata-update-request";
import { nameRefusedEntries } from "@/lib/server/knowledge/name-refused-entries";
import { readJsonBody } from "@/lib/server/read-json-body";
import { requireAllowedDataset } from "@/lib/server/knowledge/require-allowed-dataset";
import { requirePortalToken } from "@/lib/server/request-guards";
import { handleRoute, otherMethods } from "@/lib/server/route-handler";

// POST /api/datasets/{dataset_id}/documents/metadata: set the metadata of several documents at once.
// NOTE: portal bearer token, not the same-origin guard: portals call this from their backends.
export const POST = handleRoute(
  "datasets.metadata",
  async (request, { params }: RouteContext<"/api/datasets/[dataset_id]/documents/metadata">) => {
    await requirePortalToken(request);
    const { dataset_id } = parseInput(datasetRouteParamsSchema, await params);
    requireAllowedDataset(dataset_id);
    const body = parseInput(metadataUpdateRequestSchema, await readJsonBody(request));
    // Dify's own answer, as Dify documents it: a portal needs only another base URL and key.
    try {
      return Response.json(await updateDocumentsMetadata(dataset_id, body.operation_data));
    } catch (error) {
      throw await nameRefusedEntries(dataset_id, body.operation_data, error);
    }
  },
);

export const { GET, HEAD, PUT, PATCH, DELETE } = otherMethods("datasets.metadata", ["POST"]);
