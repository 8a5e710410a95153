import { z } from "zod";
import { requireFormIdentity } from "@/lib/server/form/form-identity";
import { NO_STORE, readJsonBody } from "@/lib/server/http";
import { nextFormLink, requireRunScope } from "@/lib/server/form/next-form-link";
import { requireSameOrigin } from "@/lib/server/request-guards";
import { handleRoute } from "@/lib/server/route-handler";
import { formRouteParamsSchema, pathIdSchema } from "@/lib/dify/route-params";

const id = (what: string) =>
  pathIdSchema({
    missing: `${what} is missing`,
    tooLong: `${what} is too long`,
    notAllowed: `${what} has characters that are not allowed`,
  });

// The form the run waits at, by its form_id (else its node id): never by token, which the
// browser does not hold for any form but its own.
const bodySchema = z.object({ form_id: id("The form id").nullish(), node_id: id("The node id") });

type Context = { params: Promise<{ token: string }> };

// POST /api/forms/{token}/next-link: a run-scoped link to a form the same run now waits at
// (403 link_scope for a link that opens its own form only).
export const POST = handleRoute("forms.next-link", async (request, { params }: Context) => {
  requireSameOrigin(request);
  const { token } = formRouteParamsSchema.parse(await params);
  const claims = requireFormIdentity(request, token);
  requireRunScope(claims);
  const body = bodySchema.parse(await readJsonBody(request));
  const url = await nextFormLink(claims, { formId: body.form_id, nodeId: body.node_id });
  return Response.json({ url }, { headers: NO_STORE });
});
