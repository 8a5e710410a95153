import { FORM_API } from "@/lib/form/form-api-contract";
import { checkLink } from "@/lib/server/files/check-link";
import { loadFormView } from "@/lib/server/form/load-form-view";
import { withFormLink } from "@/lib/server/form/with-form-link";
import { linkTarget, requireWithinRate } from "@/lib/server/require-within-rate";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // A link typed into a file field, checked as the submit will be, and typed by what its server
  // holds (rated per link, address and link target: it may fetch).
  withFormLink(
    FORM_API.link,
    async ({ request, params, claims, readBody }) => {
      const body = await readBody();
      await requireWithinRate("link-check", request, { link: `${claims.token}\n${claims.user}` }, [
        linkTarget(body.url),
      ]);
      const form = await loadFormView(params.token);
      return checkLink(form.fields, body);
    },
    { sameOrigin: true },
  ),
);
