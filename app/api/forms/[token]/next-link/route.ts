import { FORM_API } from "@/lib/form/form-api-contract";
import { clientAddress } from "@/lib/server/client-address";
import { nextFormLink, requireRunScope } from "@/lib/server/form/next-form-link";
import { requireWithinRate } from "@/lib/server/require-within-rate";
import { defineRoute } from "@/lib/server/route-handler";
import { acquireStreamSlot } from "@/lib/server/streams/acquire-stream-slot";
import { withFormLink } from "@/lib/server/form/with-form-link";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // A run-scoped link to a form the same run now waits at; the run's stream it reads counts
  // against the stream limits while it is read.
  withFormLink(
    FORM_API.nextLink,
    async ({ request, claims, readBody }) => {
      requireRunScope(claims);
      const body = await readBody();
      await requireWithinRate("next-link", request, { link: `${claims.token}\n${claims.user}` });
      const lease = await acquireStreamSlot({
        address: clientAddress(request),
        visitor: claims.user,
      });
      try {
        return { url: await nextFormLink(claims, { formId: body.form_id, nodeId: body.node_id }) };
      } finally {
        lease.release();
      }
    },
    { sameOrigin: true },
  ),
);
