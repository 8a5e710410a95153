import "server-only";
import { z } from "zod";
import { submitHumanInputForm } from "@/lib/dify/dify-client";
import { formValueSchema } from "@/lib/dify/schemas";
import { pathIdSchema } from "@/lib/dify/route-params";
import { loadFormView } from "@/lib/server/form/load-form-view";
import { nextFormLink, requireRunScope } from "@/lib/server/form/next-form-link";
import { runEventsAnswer } from "@/lib/server/form/run-events-answer";
import { readJsonBody } from "@/lib/server/http";
import { uploadAsUser } from "@/lib/server/upload-proxy";
import { withFormLink } from "@/lib/server/with-form-link";

// The routes under /api/forms/{token}, answered on Node's request and response in front of Next
// (lib/server/node-routes.ts; docs/decisions/021-form-routes-in-front-of-next.md).

// Only these fields are read from the browser; a `user` it sends is dropped.
const submitBodySchema = z.object({
  inputs: z.record(z.string(), formValueSchema),
  action: z.string().min(1).max(100),
});

const id = (what: string) =>
  pathIdSchema({
    missing: `${what} is missing`,
    tooLong: `${what} is too long`,
    notAllowed: `${what} has characters that are not allowed`,
  });

// The form the run waits at, by its form_id (else its node id): never by token, which the
// browser does not hold for any form but its own.
const nextLinkBodySchema = z.object({
  form_id: id("The form id").nullish(),
  node_id: id("The node id"),
});

/** GET /api/forms/{token}: the form as the app's view model, with the app's upload limits. */
export const getForm = withFormLink("forms.get", async (_request, { token }) => ({
  status: 200,
  json: await loadFormView(token),
}));

/** POST /api/forms/{token}: submit the form with the link's verified user. */
export const submitForm = withFormLink(
  "forms.submit",
  async (request, { token, claims }) => {
    const body = submitBodySchema.parse(await readJsonBody(request));
    await submitHumanInputForm(token, { ...body, user: claims.user });
    return { status: 200, json: { ok: true } };
  },
  { sameOrigin: true },
);

/** POST /api/forms/{token}/files: stream one file to the upstream as the link's user. */
export const uploadFormFile = withFormLink(
  "forms.upload",
  async (request, { claims }) => ({
    status: 201,
    json: await uploadAsUser(request, claims.user),
  }),
  { sameOrigin: true },
);

/** GET /api/forms/{token}/events: the run of the verified link, relayed live from the upstream. */
export const formRunEvents = withFormLink("forms.events", (request, { claims }) =>
  runEventsAnswer(request, claims),
);

/**
 * POST /api/forms/{token}/next-link: a run-scoped link to a form the same run now waits at
 * (403 link_scope for a link that opens its own form only).
 */
export const formNextLink = withFormLink(
  "forms.next-link",
  async (request, { claims }) => {
    requireRunScope(claims);
    const body = nextLinkBodySchema.parse(await readJsonBody(request));
    const url = await nextFormLink(claims, { formId: body.form_id, nodeId: body.node_id });
    return { status: 200, json: { url } };
  },
  { sameOrigin: true },
);
