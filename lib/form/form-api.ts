import { FORM_LINK_HEADER, type FormLinkClaims } from "@/lib/form/form-link";
import type { SubmitRequest } from "@/lib/form/form-api-contract";
import { routeUrl } from "@/lib/routes/route-contract";

// Browser-side calls of the form routes, with the link's credentials. The fetch helper and the
// contracts load with the first call: they bring zod, which the page's first load does without.

const client = () =>
  Promise.all([import("@/lib/client/call-route"), import("@/lib/form/form-api-contract")]);

// A verified link as the browser holds it. `linkQuery` is empty once the link was traded for its
// HttpOnly cookie (decision 035). `runOutputs`: its run stream carries the answer and outputs.
export type FormLinkContext = Pick<FormLinkClaims, "token" | "run" | "user" | "exp" | "scope"> & {
  linkQuery: string;
  runOutputs: boolean;
};

const headers = (link: FormLinkContext): Record<string, string> =>
  link.linkQuery ? { [FORM_LINK_HEADER]: link.linkQuery } : {};
const call = (link: FormLinkContext) => ({ params: { token: link.token }, headers: headers(link) });

export async function fetchForm(link: FormLinkContext, signal?: AbortSignal) {
  const [{ callRoute }, { FORM_API }] = await client();
  return callRoute(FORM_API.get, { ...call(link), signal });
}

export async function submitForm(link: FormLinkContext, body: SubmitRequest) {
  const [{ callRoute }, { FORM_API }] = await client();
  return callRoute(FORM_API.submit, { ...call(link), body });
}

/** Where the form's file fields upload to (its URL once the contract has loaded). */
export function formUploadTarget(link: FormLinkContext) {
  const url = client().then(([, { FORM_API }]) =>
    routeUrl(FORM_API.upload.path, call(link).params),
  );
  return { url, headers: headers(link) };
}

/** Where the link's run events stream from, and the headers that carry its credentials. */
export async function runEventsTarget(link: FormLinkContext) {
  const [, { FORM_API }] = await client();
  return { url: routeUrl(FORM_API.events.path, call(link).params), headers: headers(link) };
}

/** A run-scoped link to a form the run waits at, found by the server in the run's own state. */
export async function fetchNextLink(
  link: FormLinkContext,
  form: { formId: string | null; nodeId: string },
) {
  const [{ callRoute }, { FORM_API }] = await client();
  const body = { form_id: form.formId, node_id: form.nodeId };
  return callRoute(FORM_API.nextLink, { ...call(link), body });
}
