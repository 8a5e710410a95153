import { FORM_API } from "@/lib/form/form-api-contract";
import { checkLink } from "@/lib/server/files/check-link";
import { loadFormView } from "@/lib/server/form/load-form-view";
import { withFormLink } from "@/lib/server/form/with-form-link";
import { requireWithinRate } from "@/lib/server/require-within-rate";
import { defineRoute } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // A link typed into a file field, checked as the submit will be, and typed by what its server
  // holds (rated with the uploads: it may fetch).
  withFormLink(
    FORM_API.link,
    async ({ request, params, readBody }) => {
      await requireWithinRate("upload", request);
      const body = await readBody();
      const form = await loadFormView(params.token);
      return checkLink(form.fields, body);
    },
    { sameOrigin: true },
  ),
);
