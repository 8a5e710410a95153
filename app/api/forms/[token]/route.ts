import { FORM_API } from "@/lib/form/form-api-contract";
import { loadFormView } from "@/lib/server/form/load-form-view";
import { submitForm } from "@/lib/server/form/submit-form";
import { defineRoute } from "@/lib/server/route-handler";
import { withFormLink } from "@/lib/server/form/with-form-link";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // The form as the app's view model, with the app's upload limits.
  withFormLink(FORM_API.get, ({ params }) => loadFormView(params.token)),
  // Checks the answers against the form, then submits them with the link's verified user.
  withFormLink(
    FORM_API.submit,
    async ({ params, claims, readBody }) => {
      await submitForm(params.token, await readBody(), claims.user);
      return { ok: true as const };
    },
    { sameOrigin: true },
  ),
);
