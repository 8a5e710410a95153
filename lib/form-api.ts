import { z } from "zod";
import { apiFetch, apiStream } from "@/lib/api-fetch";
import { FORM_LINK_HEADER } from "@/lib/form-link-header";
import { formViewSchema } from "@/lib/form-view";

// Browser-side calls of the form routes, each carrying the link's credentials.

/** A verified link as the browser holds it: the token, the run (may be empty) and its query. */
export type FormLinkContext = { token: string; run: string; linkQuery: string };

const headers = (link: FormLinkContext) => ({ [FORM_LINK_HEADER]: link.linkQuery });
const base = (link: FormLinkContext) => `/api/forms/${encodeURIComponent(link.token)}`;

export const formQueryKey = (token: string) => ["form", token] as const;

export function fetchForm(link: FormLinkContext, signal?: AbortSignal) {
  return apiFetch(base(link), formViewSchema, { headers: headers(link), signal });
}

export function submitForm(
  link: FormLinkContext,
  body: { inputs: Record<string, unknown>; action: string },
) {
  return apiFetch(base(link), z.object({ ok: z.literal(true) }), {
    method: "POST",
    json: body,
    headers: headers(link),
  });
}

export const uploadResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  extension: z.string().nullable(),
  mimeType: z.string().nullable(),
});

/** Where the form's file fields upload to. */
export function formUploadTarget(link: FormLinkContext) {
  return { url: `${base(link)}/files`, headers: headers(link) };
}

export function uploadFormFile(link: FormLinkContext, file: File, signal?: AbortSignal) {
  const body = new FormData();
  body.append("file", file, file.name);
  return apiFetch(`${base(link)}/files`, uploadResultSchema, {
    method: "POST",
    body,
    headers: headers(link),
    signal,
  });
}

export function openRunEvents(link: FormLinkContext, signal: AbortSignal) {
  return apiStream(`${base(link)}/events`, { headers: headers(link), signal });
}

export function fetchNextLink(link: FormLinkContext, nextToken: string) {
  return apiFetch(`${base(link)}/next-link`, z.object({ url: z.string() }), {
    method: "POST",
    json: { token: nextToken },
    headers: headers(link),
  });
}
