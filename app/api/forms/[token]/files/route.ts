import { getAppParametersCached } from "@/lib/dify/dify-client";
import { requireFormIdentity } from "@/lib/form-identity";
import { toUploadLimits } from "@/lib/form-view";
import { NO_STORE } from "@/lib/http";
import { requireSameOrigin } from "@/lib/request-guards";
import { handleRoute } from "@/lib/route-handler";
import { formRouteParamsSchema } from "@/lib/route-params";
import { proxyUpload } from "@/lib/upload-proxy";

type Context = { params: Promise<{ token: string }> };

// POST /api/forms/{token}/files: stream one file to the upstream as the link's user.
export const POST = handleRoute("forms.upload", async (request, { params }: Context) => {
  requireSameOrigin(request);
  const { token } = formRouteParamsSchema.parse(await params);
  const claims = requireFormIdentity(request, token);
  // The per-category check stays with the upstream; this only stops a body past the largest.
  const maxBytes = async () => {
    const parameters = await getAppParametersCached().catch(() => undefined);
    const limits = toUploadLimits(parameters?.system_parameters);
    return Math.max(limits.imageBytes, limits.videoBytes, limits.audioBytes, limits.documentBytes);
  };
  const file = await proxyUpload(request, claims.user, { maxBytes });
  return Response.json(
    {
      id: file.id,
      name: file.name,
      size: file.size,
      extension: file.extension ?? null,
      mimeType: file.mime_type ?? null,
    },
    { status: 201, headers: NO_STORE },
  );
});
