import { z } from "zod";
import { submitHumanInputForm } from "@/lib/dify/dify-client";
import { formValueSchema } from "@/lib/dify/schemas";
import { requireFormIdentity } from "@/lib/server/form/form-identity";
import { loadFormView } from "@/lib/server/form/load-form-view";
import { NO_STORE, readJsonBody } from "@/lib/server/http";
import { requireSameOrigin } from "@/lib/server/request-guards";
import { handleRoute } from "@/lib/server/route-handler";
import { formRouteParamsSchema } from "@/lib/dify/route-params";

type Context = { params: Promise<{ token: string }> };

// GET /api/forms/{token}: the form as the app's view model, with the app's upload limits.
export const GET = handleRoute("forms.get", async (request, { params }: Context) => {
  const { token } = formRouteParamsSchema.parse(await params);
  requireFormIdentity(request, token);
  return Response.json(await loadFormView(token), { headers: NO_STORE });
});

// Only these fields are read from the browser; a `user` it sends is dropped.
const submitBodySchema = z.object({
  inputs: z.record(z.string(), formValueSchema),
  action: z.string().min(1).max(100),
});

// POST /api/forms/{token}: submit the form with the link's verified user.
export const POST = handleRoute("forms.submit", async (request, { params }: Context) => {
  requireSameOrigin(request);
  const { token } = formRouteParamsSchema.parse(await params);
  const claims = requireFormIdentity(request, token);
  const body = submitBodySchema.parse(await readJsonBody(request));
  await submitHumanInputForm(token, {
    inputs: body.inputs,
    action: body.action,
    user: claims.user,
  });
  return Response.json({ ok: true }, { headers: NO_STORE });
});
