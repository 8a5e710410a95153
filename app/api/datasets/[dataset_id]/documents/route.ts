import { KNOWLEDGE_API } from "@/lib/knowledge/knowledge-api-contract";
import { datasetReads } from "@/lib/server/knowledge/dataset-reads";
import { withPortalToken } from "@/lib/server/knowledge/with-portal-token";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  withPortalToken(KNOWLEDGE_API.documents, ({ params, query }) =>
    datasetReads.documents(params, query),
  ),
);
