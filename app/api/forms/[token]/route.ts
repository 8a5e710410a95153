import { parseInput } from "@/lib/errors/api-error";
import { FORM_API } from "@/lib/form/form-api-contract";
import { loadFormView } from "@/lib/server/form/load-form-view";
import { submitForm } from "@/lib/server/form/submit-form";
import { readJsonBody } from "@/lib/server/read-json-body";
import { jsonAnswer, otherMethods } from "@/lib/server/route-handler";
import { withFormLink } from "@/lib/server/form/with-form-link";

// GET /api/forms/{token}: the form as the app's view model, with the app's upload limits.
export const GET = withFormLink("forms.get", async (_request, { token }) =>
  jsonAnswer(FORM_API.get.answer, await loadFormView(token)),
);

// POST /api/forms/{token}: check the answers against the form, then submit them with the link's
// verified user.
export const POST = withFormLink(
  "forms.submit",
  async (request, { token, claims }) => {
    const body = parseInput(FORM_API.submit.request, await readJsonBody(request));
    await submitForm(token, body, claims.user);
    return jsonAnswer(FORM_API.submit.answer, { ok: true });
  },
  { sameOrigin: true },
);

export const { PUT, PATCH, DELETE } = otherMethods("forms", ["GET", "POST"]);
