import { FORM_API } from "@/lib/form/form-api-contract";
import { jsonAnswer, otherMethods } from "@/lib/server/route-handler";
import { uploadAsUser } from "@/lib/server/files/proxy-upload";
import { withFormLink } from "@/lib/server/form/with-form-link";

// POST /api/forms/{token}/files: stream one file to the upstream as the link's user.
export const POST = withFormLink(
  "forms.upload",
  async (request, { claims }) =>
    jsonAnswer(FORM_API.upload.answer, await uploadAsUser(request, claims.user), { status: 201 }),
  { sameOrigin: true },
);

export const { GET, HEAD, PUT, PATCH, DELETE } = otherMethods("forms.upload", ["POST"]);
