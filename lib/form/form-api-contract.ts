import * as z from "zod/mini";
import { formInputsSchema } from "@/lib/dify/browser-schemas";
import { linkCheckRequestSchema, linkCheckSchema } from "@/lib/files/link-check";
import { uploadAnswerSchema } from "@/lib/files/upload-answer";
import { formViewSchema } from "@/lib/form/form-view";
import { formRouteParamsSchema, pathId } from "@/lib/ids/path-ids";
import { routeContract } from "@/lib/routes/route-contract";

// The form routes' contracts: the browser loads them with its first call, not with the page.

const params = formRouteParamsSchema;

export const FORM_API = {
  get: routeContract({ method: "GET", path: "/api/forms/[token]", params, answer: formViewSchema }),
  /** Only these fields are read; a `user` the browser sends is dropped. */
  submit: routeContract({
    method: "POST",
    path: "/api/forms/[token]",
    params,
    body: z.object({
      inputs: formInputsSchema,
      action: z.string().check(z.minLength(1), z.maxLength(100)),
    }),
    answer: z.object({ ok: z.literal(true) }),
  }),
  upload: routeContract({
    method: "POST",
    path: "/api/forms/[token]/files",
    params,
    answer: uploadAnswerSchema,
    status: 201,
  }),
  /** What a link typed into a file field holds, and whether the field takes it. */
  link: routeContract({
    method: "POST",
    path: "/api/forms/[token]/files/link",
    params,
    body: linkCheckRequestSchema,
    answer: linkCheckSchema,
  }),
  events: routeContract({ method: "GET", path: "/api/forms/[token]/events", params }),
  /** A form the run waits at, by form_id (else node id): the browser holds no other token. */
  nextLink: routeContract({
    method: "POST",
    path: "/api/forms/[token]/next-link",
    params,
    body: z.object({
      form_id: z.nullish(pathId("The form id")),
      node_id: pathId("The node id"),
    }),
    answer: z.object({ url: z.string() }),
  }),
};

export type SubmitRequest = z.infer<typeof FORM_API.submit.body>;
