import { requireFormIdentity } from "@/lib/form-identity";
import { requireSameOrigin } from "@/lib/request-guards";
import { handleRoute } from "@/lib/route-handler";
import { formRouteParamsSchema } from "@/lib/route-params";
import { uploadAsUser } from "@/lib/upload-proxy";

type Context = { params: Promise<{ token: string }> };

// POST /api/forms/{token}/files: stream one file to the upstream as the link's user.
export const POST = handleRoute("forms.upload", async (request, { params }: Context) => {
  requireSameOrigin(request);
  const { token } = formRouteParamsSchema.parse(await params);
  const claims = requireFormIdentity(request, token);
  return uploadAsUser(request, claims.user);
});
