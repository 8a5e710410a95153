import { requireFormIdentity } from "@/lib/server/form/form-identity";
import { requireSameOrigin } from "@/lib/server/request-guards";
import { handleRoute } from "@/lib/server/route-handler";
import { formRouteParamsSchema } from "@/lib/dify/route-params";
import { uploadAsUser } from "@/lib/server/upload-proxy";

type Context = { params: Promise<{ token: string }> };

// POST /api/forms/{token}/files: stream one file to the upstream as the link's user.
export const POST = handleRoute("forms.upload", async (request, { params }: Context) => {
  requireSameOrigin(request);
  const { token } = formRouteParamsSchema.parse(await params);
  const claims = requireFormIdentity(request, token);
  return uploadAsUser(request, claims.user);
});
