import { z } from "zod";
import { pathIdSchema } from "@/lib/dify/route-params";
import { readJsonBody } from "@/lib/server/http";
import { nextFormLink, requireRunScope } from "@/lib/server/form/next-form-link";
import { otherMethods } from "@/lib/server/route-handler";
import { withFormLink } from "@/lib/server/with-form-link";

const id = (what: string) =>
  pathIdSchema({
    missing: `${what} is missing`,
    tooLong: `${what} is too long`,
    notAllowed: `${what} has characters that are not allowed`,
  });

// The form the run waits at, by its form_id (else its node id): never by token, which the
// browser does not hold for any form but its own.
const bodySchema = z.object({ form_id: id("The form id").nullish(), node_id: id("The node id") });

// POST /api/forms/{token}/next-link: a run-scoped link to a form the same run now waits at
// (403 link_scope for a link that opens its own form only).
export const POST = withFormLink(
  "forms.next-link",
  async (request, { claims }) => {
    requireRunScope(claims);
    const body = bodySchema.parse(await readJsonBody(request));
    const url = await nextFormLink(claims, { formId: body.form_id, nodeId: body.node_id });
    return Response.json({ url });
  },
  { sameOrigin: true },
);

export const { GET, HEAD, PUT, PATCH, DELETE } = otherMethods("forms.next-link", ["POST"]);
