import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { getEnv } from "@/lib/server/env";
import { LINK_PARAM_KEYS, type FormLinkClaims } from "@/lib/form/form-link";
import { verifyFormLink } from "@/lib/server/form/signed-form-link";
import { FORM_LINK_HEADER } from "@/lib/form/form-link-header";
import { runIdSchema } from "@/lib/ids/path-ids";

const REASONS = {
  missing: ["link_missing", "This link is incomplete: it does not say who is answering."],
  invalid: ["link_invalid", "This link is not valid. Ask for a new link."],
  expired: ["link_expired", "This link has expired. Ask for a new link."],
} as const;

export function verifyLinkParams(token: string, params: URLSearchParams) {
  const env = getEnv();
  return verifyFormLink(
    token,
    Object.fromEntries(LINK_PARAM_KEYS.map((key) => [key, params.get(key)])),
    { secret: env.formLinkSecret, allowUnsigned: env.allowUnsignedLinks },
  );
}

/** The verified claims of the request's link, or an ApiError saying why there are none. */
export function requireFormIdentity(request: Request, token: string): FormLinkClaims {
  const header = request.headers.get(FORM_LINK_HEADER) ?? "";
  const result = verifyLinkParams(token, new URLSearchParams(header));
  if (!result.ok) {
    const [code, message] = REASONS[result.reason];
    throw ApiError.of(code, message);
  }
  // A signed run still goes into upstream paths: it is checked as an id on every route, before
  // any of them uses it.
  if (result.claims.run && !runIdSchema.safeParse(result.claims.run).success) {
    throw ApiError.of("invalid_request", "The link's run id has characters that are not allowed.");
  }
  return result.claims;
}
