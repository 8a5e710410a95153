import { FORM_API } from "@/lib/form/form-api-contract";
import { loadFormView } from "@/lib/server/form/load-form-view";
import { submitForm } from "@/lib/server/form/submit-form";
import { defineRoute } from "@/lib/server/route-handler";
import { withFormLink } from "@/lib/server/form/with-form-link";
import { storeConfigured } from "@/lib/server/store/store-configured";
import { signedInIdentity } from "@/lib/server/auth/viewer";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // The form as the app's view model, with the app's upload limits.
  withFormLink(FORM_API.get, ({ params }) => loadFormView(params.token)),
  // Checks the answers against the form, then submits them with the link's verified user.
  withFormLink(
    FORM_API.submit,
    async ({ request, params, claims, readBody }) => {
      const body = await readBody();
      const sent = await submitForm(params.token, body, claims.user);
      // With a store, the decision is kept after the answer went to Dify, never before it; a
      // copy without one does not even load the store's modules.
      if (storeConfigured()) {
        const { afterAnswer } = await import("@/lib/server/requests/after-answer");
        const signedIn = await signedInIdentity(request);
        afterAnswer({ token: params.token, claims, action: body.action, signedIn, ...sent });
      }
      return { ok: true as const };
    },
    { sameOrigin: true },
  ),
);
