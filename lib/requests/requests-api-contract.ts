import * as z from "zod/mini";
import { formTokenSchema, runIdSchema } from "@/lib/ids/path-ids";
import { REQUEST_STATUSES } from "@/lib/requests/request-status";
import { routeContract } from "@/lib/routes/route-contract";

// The portal's routes over the store: register a request, list requests and decisions. Portal
// backends call them with a portal token; the browser never does.

export const MAX_RECIPIENTS = 50;
/** The most rows one page of a list holds; `limit` defaults to 50. */
export const MAX_PAGE_ROWS = 200;

// NOTE: a recipient becomes a link's signed `user`, whose message is split by newlines: no
// control characters.
const recipientSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, "A recipient must not be empty."),
    z.maxLength(320, "A recipient is at most 320 characters."),
    z.regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, "A recipient must not hold control characters."),
  );

const cursorSchema = z.optional(z.string().check(z.maxLength(200)));
const limitSchema = z._default(
  z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_ROWS)),
  50,
);
const isoDate = z.iso.datetime({ offset: true });

const requestView = z.object({
  id: z.string(),
  status: z.enum(REQUEST_STATUSES),
  title: z.nullable(z.string()),
  form_token: z.string(),
  run_id: z.nullable(z.string()),
  recipients: z.array(z.string()),
  require_sign_in: z.boolean(),
  expires_at: z.nullable(z.string()),
  run_outcome: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RequestView = z.infer<typeof requestView>;

const decisionView = z.object({
  id: z.string(),
  request_id: z.string(),
  form_token: z.string(),
  run_id: z.nullable(z.string()),
  user: z.string(),
  issuer: z.nullable(z.string()),
  subject: z.nullable(z.string()),
  email: z.nullable(z.string()),
  action: z.object({ id: z.string(), label: z.nullable(z.string()) }),
  values: z.record(z.string(), z.unknown()),
  dify_status: z.number(),
  at: z.string(),
  run_outcome: z.nullable(z.string()),
});
export type DecisionView = z.infer<typeof decisionView>;

export const REQUESTS_API = {
  register: routeContract({
    method: "POST",
    path: "/api/requests",
    body: z.object({
      form_token: formTokenSchema,
      recipients: z
        .array(recipientSchema)
        .check(
          z.minLength(1, "Name at least one recipient."),
          z.maxLength(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients.`),
        ),
      run_id: z.optional(runIdSchema),
      title: z.optional(z.string().check(z.trim(), z.maxLength(200))),
      /** How long the links stay valid, in seconds (at most MAX_LINK_TTL). */
      ttl: z.optional(z.number().check(z.int(), z.minimum(60))),
      require_sign_in: z.optional(z.boolean()),
    }),
    answer: z.object({
      request: z.extend(requestView, { links: z.record(z.string(), z.string()) }),
    }),
    status: 201,
  }),
  list: routeContract({
    method: "GET",
    path: "/api/requests",
    query: z.object({
      recipient: z.optional(recipientSchema),
      status: z.optional(z.enum(REQUEST_STATUSES)),
      cursor: cursorSchema,
      limit: limitSchema,
    }),
    answer: z.object({ requests: z.array(requestView), next_cursor: z.nullable(z.string()) }),
  }),
  decisions: routeContract({
    method: "GET",
    path: "/api/decisions",
    query: z.object({ since: z.optional(isoDate), cursor: cursorSchema, limit: limitSchema }),
    answer: z.object({ decisions: z.array(decisionView), next_cursor: z.nullable(z.string()) }),
  }),
};
