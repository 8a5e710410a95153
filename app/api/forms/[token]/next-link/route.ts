import { z } from "zod";
import { errorResponse } from "@/lib/api-error";
import { requireFormIdentity } from "@/lib/form-identity";
import { NO_STORE, readJsonBody } from "@/lib/http";
import { nextFormLink } from "@/lib/next-form-link";
import { formRouteParamsSchema, formTokenSchema } from "@/lib/route-params";

const bodySchema = z.object({ token: formTokenSchema });

// POST /api/forms/{token}/next-link: a signed link to the form the same run now waits at.
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  try {
    const { token } = formRouteParamsSchema.parse(await params);
    const claims = requireFormIdentity(request, token);
    const body = bodySchema.parse(await readJsonBody(request));
    const url = await nextFormLink(claims, body.token);
    return Response.json({ url }, { headers: NO_STORE });
  } catch (error) {
    return errorResponse(error);
  }
}
