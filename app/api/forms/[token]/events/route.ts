import { runEventsResponse } from "@/lib/server/form/run-events-response";
import { otherMethods } from "@/lib/server/route-handler";
import { withFormLink } from "@/lib/server/form/with-form-link";

// GET /api/forms/{token}/events: the run of the verified link, relayed live from the upstream.
export const GET = withFormLink("forms.events", (request, { claims }) =>
  runEventsResponse(request, claims),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("forms.events", ["GET"]);
