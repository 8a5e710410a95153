import { z } from "zod";
import { getOrCreateAnonymousUser } from "@/lib/anonymous-user";
import { NO_STORE, readJsonBody } from "@/lib/http";
import { launchWorkflow } from "@/lib/launch-run";
import { requireSameOrigin } from "@/lib/request-guards";
import { handleRoute } from "@/lib/route-handler";

const launchBodySchema = z.object({
  inputs: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .default({}),
});

// POST /api/launch: start the configured workflow as the browser's anonymous user.
export const POST = handleRoute("launch", async (request) => {
  requireSameOrigin(request);
  const body = launchBodySchema.parse(await readJsonBody(request));
  const user = await getOrCreateAnonymousUser(request);
  return Response.json(await launchWorkflow(user, body.inputs), { headers: NO_STORE });
});
