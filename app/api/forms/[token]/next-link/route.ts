import { FORM_API } from "@/lib/form/form-api-contract";
import { readJsonBody } from "@/lib/server/read-json-body";
import { nextFormLink, requireRunScope } from "@/lib/server/form/next-form-link";
import { jsonAnswer, otherMethods } from "@/lib/server/route-handler";
import { withFormLink } from "@/lib/server/form/with-form-link";

// POST /api/forms/{token}/next-link: a run-scoped link to a form the same run now waits at
// (403 link_scope for a link that opens its own form only).
export const POST = withFormLink(
  "forms.next-link",
  async (request, { claims }) => {
    requireRunScope(claims);
    const body = FORM_API.nextLink.request.parse(await readJsonBody(request));
    const url = await nextFormLink(claims, { formId: body.form_id, nodeId: body.node_id });
    return jsonAnswer(FORM_API.nextLink.answer, { url });
  },
  { sameOrigin: true },
);

export const { GET, HEAD, PUT, PATCH, DELETE } = otherMethods("forms.next-link", ["POST"]);
