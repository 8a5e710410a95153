import { FORM_API } from "@/lib/form/form-api-contract";
import { checkLink } from "@/lib/server/files/check-link";
import { loadFormView } from "@/lib/server/form/load-form-view";
import { withFormLink } from "@/lib/server/form/with-form-link";
import { readJsonBody } from "@/lib/server/read-json-body";
import { requireWithinRate } from "@/lib/server/require-within-rate";
import { jsonAnswer, otherMethods } from "@/lib/server/route-handler";

// POST /api/forms/{token}/files/link: a link typed into a file field, checked as the submit will
// be, and typed by what its server holds (rated with the uploads: it may fetch).
export const POST = withFormLink(
  "forms.link",
  async (request, { token }) => {
    await requireWithinRate("upload", request);
    const body = FORM_API.link.request.parse(await readJsonBody(request));
    const form = await loadFormView(token);
    return jsonAnswer(FORM_API.link.answer, await checkLink(form.fields, body));
  },
  { sameOrigin: true },
);

export const { GET, HEAD, PUT, PATCH, DELETE } = otherMethods("forms.link", ["POST"]);
