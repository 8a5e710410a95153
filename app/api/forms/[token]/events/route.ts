import { FORM_API } from "@/lib/form/form-api-contract";
import { runEventsResponse } from "@/lib/server/form/run-events-response";
import { defineRoute } from "@/lib/server/route-handler";
import { withFormLink } from "@/lib/server/form/with-form-link";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  // The run of the verified link, relayed live from the upstream.
  withFormLink(FORM_API.events, ({ request, claims }) => runEventsResponse(request, claims)),
);
