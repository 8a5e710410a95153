import { FORM_API } from "@/lib/form/form-api-contract";
import { jsonAnswer, otherMethods } from "@/lib/server/route-handler";
import { uploadAsUser } from "@/lib/server/files/proxy-upload";
import { withUploadSlot } from "@/lib/server/files/with-upload-slot";
import { withFormLink } from "@/lib/server/form/with-form-link";
import { requireWithinRate } from "@/lib/server/require-within-rate";

// POST /api/forms/{token}/files: stream one file to the upstream as the link's user (rated per
// client address, a few at once per link).
export const POST = withFormLink(
  "forms.upload",
  async (request, { claims }) => {
    await requireWithinRate("upload", request);
    const uploaded = await withUploadSlot(`link\n${claims.token}\n${claims.user}`, () =>
      uploadAsUser(request, claims.user),
    );
    return jsonAnswer(FORM_API.upload.answer, uploaded, { status: 201 });
  },
  { sameOrigin: true },
);

export const { GET, HEAD, PUT, PATCH, DELETE } = otherMethods("forms.upload", ["POST"]);
