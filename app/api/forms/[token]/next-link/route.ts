import { FORM_API } from "@/lib/form/form-api-contract";
import { clientAddress } from "@/lib/server/client-address";
import { readJsonBody } from "@/lib/server/read-json-body";
import { nextFormLink, requireRunScope } from "@/lib/server/form/next-form-link";
import { requireWithinRate } from "@/lib/server/require-within-rate";
import { jsonAnswer, otherMethods } from "@/lib/server/route-handler";
import { acquireStreamSlot } from "@/lib/server/streams/acquire-stream-slot";
import { withFormLink } from "@/lib/server/form/with-form-link";

// POST /api/forms/{token}/next-link: a run-scoped link to a form the same run now waits at
// (403 link_scope for a link that opens its own form only). Rated per client address; the run's
// stream it reads counts against the stream limits (per user and address) while it is read.
export const POST = withFormLink(
  "forms.next-link",
  async (request, { claims }) => {
    requireRunScope(claims);
    await requireWithinRate("next-link", request);
    const body = FORM_API.nextLink.request.parse(await readJsonBody(request));
    const lease = await acquireStreamSlot({
      address: clientAddress(request),
      visitor: claims.user,
    });
    try {
      const url = await nextFormLink(claims, { formId: body.form_id, nodeId: body.node_id });
      return jsonAnswer(FORM_API.nextLink.answer, { url });
    } finally {
      lease.release();
    }
  },
  { sameOrigin: true },
);

export const { GET, HEAD, PUT, PATCH, DELETE } = otherMethods("forms.next-link", ["POST"]);
