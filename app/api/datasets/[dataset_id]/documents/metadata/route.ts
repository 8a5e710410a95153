import { knowledgeRoute } from "@/lib/server/knowledge/knowledge-route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = knowledgeRoute("updateMetadata");
