import { KNOWLEDGE_API } from "@/lib/knowledge/knowledge-api-contract";
import { updateDocumentsMetadata } from "@/lib/server/knowledge/name-refused-entries";
import { withPortalToken } from "@/lib/server/knowledge/with-portal-token";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  withPortalToken(KNOWLEDGE_API.updateMetadata, async ({ params, readBody }) =>
    updateDocumentsMetadata(params.dataset_id, (await readBody()).operation_data),
  ),
);
