import { z } from "zod";
import { errorResponse } from "@/lib/api-error";
import { getOrCreateAnonymousUser } from "@/lib/anonymous-user";
import { NO_STORE, readJsonBody } from "@/lib/http";
import { launchWorkflow } from "@/lib/launch-run";

const launchBodySchema = z.object({
  inputs: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .default({}),
});

// POST /api/launch: start the configured workflow as the browser's anonymous user.
export async function POST(request: Request) {
  try {
    const body = launchBodySchema.parse(await readJsonBody(request));
    const user = await getOrCreateAnonymousUser(request);
    const result = await launchWorkflow(user, body.inputs);
    return Response.json(result, { headers: NO_STORE });
  } catch (error) {
    return errorResponse(error);
  }
}
