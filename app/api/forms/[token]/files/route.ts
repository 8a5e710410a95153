import { FORM_API } from "@/lib/form/form-api-contract";
import { defineRoute } from "@/lib/server/route-handler";
import { uploadAsUser } from "@/lib/server/files/proxy-upload";
import { withUploadSlot } from "@/lib/server/files/with-upload-slot";
import { withFormLink } from "@/lib/server/form/with-form-link";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // One file streamed to the upstream as the link's user (rated per link and client address, a few at
  // once per link).
  withFormLink(
    FORM_API.upload,
    ({ request, claims }) =>
      withUploadSlot({ link: `${claims.token}\n${claims.user}` }, request, () =>
        uploadAsUser(request, claims.user, { form: true }),
      ),
    { sameOrigin: true },
  ),
);
