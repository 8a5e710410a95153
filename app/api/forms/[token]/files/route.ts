import { uploadAsUser } from "@/lib/server/upload-proxy";
import { withFormLink } from "@/lib/server/with-form-link";

// POST /api/forms/{token}/files: stream one file to the upstream as the link's user.
export const POST = withFormLink(
  "forms.upload",
  (request, { claims }) => uploadAsUser(request, claims.user),
  { sameOrigin: true },
);
