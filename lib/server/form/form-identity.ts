import "server-only";
import { cookies } from "next/headers";
import { createTranslator } from "next-intl";
import { ApiError } from "@/lib/errors/api-error";
import { getEnv } from "@/lib/server/env";
import {
  FORM_LINK_HEADER,
  LINK_PARAM_KEYS,
  LINK_REFUSALS,
  type FormLinkClaims,
  type LinkRefusal,
} from "@/lib/form/form-link";
import englishForm from "@/lib/i18n/messages/en/form.json";
import { exceedsMaxLinkTtl, verifyFormLink } from "@/lib/server/form/signed-form-link";
import { runIdSchema } from "@/lib/ids/path-ids";
import { linkCookieName } from "@/lib/server/form/link-cookie";
import { checkRecipient, signInRequired } from "@/lib/server/auth/recipient-check";
import { sessionCookieName } from "@/lib/server/auth/session-cookie";
import { viewerOf } from "@/lib/server/auth/viewer";

// API callers read the page's own wording of each refusal, in English.
let english: ReturnType<typeof createEnglish> | undefined;

function createEnglish() {
  return createTranslator({
    locale: "en",
    messages: { form: englishForm },
    namespace: "form.link",
  });
}

function refusal(reason: LinkRefusal): ApiError {
  english ??= createEnglish();
  return ApiError.of(LINK_REFUSALS[reason], english(`${reason}.body`));
}

/** Where a request may carry a link: address, header, cookie (decision 035). */
type LinkSources = { query?: URLSearchParams; header?: string | null; cookie?: string };

type LinkResolution =
  | { ok: true; claims: FormLinkClaims; params: URLSearchParams; source: keyof LinkSources }
  | { ok: false; reason: LinkRefusal; source: keyof LinkSources | null };

/** The first source's link, verified for the token and held to MAX_LINK_TTL. */
export function resolveFormLink(token: string, sources: LinkSources): LinkResolution {
  const source = LINK_PARAM_KEYS.some((key) => sources.query?.has(key))
    ? "query"
    : sources.header
      ? "header"
      : sources.cookie
        ? "cookie"
        : null;
  if (!source) return { ok: false, reason: "missing", source: null };
  const given = source === "query" ? sources.query : new URLSearchParams(sources[source] ?? "");
  const params = new URLSearchParams();
  for (const key of LINK_PARAM_KEYS) {
    const value = given?.get(key);
    if (value != null) params.set(key, value);
  }
  const env = getEnv();
  const verified = verifyFormLink(token, Object.fromEntries(params), {
    secret: env.FORM_LINK_SECRET,
    allowUnsigned: env.ALLOW_UNSIGNED_LINKS,
  });
  if (!verified.ok) return { ok: false, reason: verified.reason, source };
  if (exceedsMaxLinkTtl(verified.claims.exp, env.limits.MAX_LINK_TTL)) {
    return { ok: false, reason: "ttl", source };
  }
  return { ok: true, claims: verified.claims, params, source };
}

/** The verified claims of the request's link, or an ApiError saying why there are none. */
export async function requireFormIdentity(
  request: Request,
  token: string,
): Promise<FormLinkClaims> {
  const result = resolveFormLink(token, {
    header: request.headers.get(FORM_LINK_HEADER),
    cookie: (await cookies()).get(linkCookieName(request))?.value,
  });
  if (!result.ok) throw refusal(result.reason);
  // A signed run still goes into upstream paths: checked as an id before any route uses it.
  if (result.claims.run && !runIdSchema.safeParse(result.claims.run).success) {
    throw ApiError.of("invalid_request", "The link's run id has characters that are not allowed.");
  }
  if (await signInRequired(result.claims)) {
    const cookie = (await cookies()).get(sessionCookieName(request))?.value;
    const check = checkRecipient(result.claims, await viewerOf(request, { cookie }), true);
    if (!check.ok && check.reason === "sign_in") {
      throw ApiError.of(
        "sign_in_required",
        "Sign in to open this request: it is for its recipient only.",
      );
    }
    if (!check.ok) throw ApiError.of("not_recipient", "This request is for someone else.");
  }
  return result.claims;
}

/** Whether a link's run view gets the answer and final outputs (a link only narrows it). */
export function runOutputsShown(claims: Pick<FormLinkClaims, "view">): boolean {
  return getEnv().RUN_STREAM_OUTPUTS === "shown" && claims.view !== "progress";
}
