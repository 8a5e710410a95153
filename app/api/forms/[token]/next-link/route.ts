import { z } from "zod";
import { requireFormIdentity } from "@/lib/form-identity";
import { NO_STORE, readJsonBody } from "@/lib/http";
import { nextFormLink } from "@/lib/next-form-link";
import { requireSameOrigin } from "@/lib/request-guards";
import { handleRoute } from "@/lib/route-handler";
import { formRouteParamsSchema, formTokenSchema } from "@/lib/route-params";

const bodySchema = z.object({ token: formTokenSchema });

type Context = { params: Promise<{ token: string }> };

// POST /api/forms/{token}/next-link: a signed link to the form the same run now waits at.
export const POST = handleRoute("forms.next-link", async (request, { params }: Context) => {
  requireSameOrigin(request);
  const { token } = formRouteParamsSchema.parse(await params);
  const claims = requireFormIdentity(request, token);
  const body = bodySchema.parse(await readJsonBody(request));
  return Response.json({ url: await nextFormLink(claims, body.token) }, { headers: NO_STORE });
});
