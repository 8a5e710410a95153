import { createHmac, timingSafeEqual } from "node:crypto";
import type {
  FormLinkClaims,
  FormLinkInput,
  LinkParams,
  LinkScope,
  LinkView,
} from "@/lib/form/form-link";

// NOTE: signing and verifying links is server code (lib/server: lint keeps it out of the
// browser). It does not import `server-only` because the tools that mint links for portals and
// tests (npm run sign-link, the demo, the e2e suite) run it outside Next.
// Signed form links, as docs/form-link.md specifies:
// sig = base64url(HMAC-SHA256(secret, message)), no padding, where the message is
// `${token}\n${run}\n${user}\n${exp}` for a link to its own form and the same with a fifth line
// `run` for a link that may also answer the run's later forms in place (`scope=run`), then a last
// line `progress` for a link narrowed to the run's progress (`view=progress`). Lines are added
// only for claims present, so links signed before a claim existed keep verifying; a claim that is
// in the query but not in the signature (or the reverse) fails the compare.

// NOTE: the message's fields are separated by newlines, so a value holding a control character
// could be re-split into other fields that verify: such values are refused on both sides.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** True when a link value has no control characters (newline, NUL, DEL, C1 controls). */
export function isCanonicalLinkValue(value: string): boolean {
  return !CONTROL_CHARACTER.test(value);
}

/** `exp` as the signer writes it: decimal digits, no sign, no leading zero, no exponent. */
const CANONICAL_EXP = /^(0|[1-9]\d{0,11})$/;

function linkMessage(claims: FormLinkClaims): string {
  let message = `${claims.token}\n${claims.run}\n${claims.user}\n${claims.exp}`;
  if (claims.scope === "run") message += "\nrun";
  if (claims.view === "progress") message += "\nprogress";
  return message;
}

function withScope(claims: FormLinkInput): FormLinkClaims {
  return { ...claims, scope: claims.scope ?? "form", view: claims.view ?? "full" };
}

export function signFormLink(input: FormLinkInput, secret: string): string {
  const claims = withScope(input);
  for (const name of ["token", "run", "user"] as const) {
    if (!isCanonicalLinkValue(claims[name])) {
      throw new Error(`The link's ${name} must not contain control characters.`);
    }
  }
  if (!Number.isSafeInteger(claims.exp) || claims.exp < 0) {
    throw new Error("The link's exp must be a whole number of Unix seconds.");
  }
  return createHmac("sha256", secret).update(linkMessage(claims)).digest("base64url");
}

/**
 * The query string of a signed link, `run` left out when empty, `scope` only when `run`, `view`
 * only when `progress`.
 */
export function formLinkQuery(input: FormLinkInput, secret: string): string {
  const claims = withScope(input);
  const query = new URLSearchParams();
  if (claims.run) query.set("run", claims.run);
  query.set("user", claims.user);
  query.set("exp", String(claims.exp));
  if (claims.scope === "run") query.set("scope", "run");
  if (claims.view === "progress") query.set("view", "progress");
  query.set("sig", signFormLink(claims, secret));
  return query.toString();
}

/** `/form/{token}?run=…&user=…&exp=…&sig=…`; prefix with the app's origin for an absolute link. */
export function formLinkPath(claims: FormLinkInput, secret: string): string {
  return `/form/${encodeURIComponent(claims.token)}?${formLinkQuery(claims, secret)}`;
}

export type LinkVerification =
  | { ok: true; claims: FormLinkClaims; signed: boolean }
  | { ok: false; reason: "missing" | "invalid" | "expired" };

function parseScope(value: string | null | undefined): LinkScope | undefined {
  if (value === undefined || value === null) return "form";
  return value === "run" ? "run" : undefined;
}

/** Absent: the link does not narrow the run view; `progress` is the only value a link may name. */
function parseView(value: string | null | undefined): LinkView | undefined {
  if (value === undefined || value === null) return "full";
  return value === "progress" ? "progress" : undefined;
}

/** Verifies a link's parameters for a token: values, signature (constant time), then expiry. */
export function verifyFormLink(
  token: string,
  params: LinkParams,
  options: { secret: string | undefined; allowUnsigned: boolean; nowSeconds?: number },
): LinkVerification {
  const user = params.user ?? "";
  const run = params.run ?? "";
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const scope = parseScope(params.scope);
  const view = parseView(params.view);

  if (
    scope === undefined ||
    view === undefined ||
    !isCanonicalLinkValue(token) ||
    !isCanonicalLinkValue(run) ||
    !isCanonicalLinkValue(user)
  ) {
    return { ok: false, reason: "invalid" };
  }

  if (!params.sig) {
    if (!options.allowUnsigned) return { ok: false, reason: user ? "invalid" : "missing" };
    if (!user) return { ok: false, reason: "missing" };
    if (params.exp && !CANONICAL_EXP.test(params.exp)) return { ok: false, reason: "invalid" };
    const exp = params.exp ? Number(params.exp) : 0;
    if (exp && exp < now) return { ok: false, reason: "expired" };
    return { ok: true, claims: { token, run, user, exp, scope, view }, signed: false };
  }

  if (!options.secret || !user || !params.exp || !CANONICAL_EXP.test(params.exp)) {
    return { ok: false, reason: "invalid" };
  }
  const claims: FormLinkClaims = { token, run, user, exp: Number(params.exp), scope, view };
  const expected = Buffer.from(signFormLink(claims, options.secret));
  const given = Buffer.from(params.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "invalid" };
  }
  if (claims.exp < now) return { ok: false, reason: "expired" };
  return { ok: true, claims, signed: true };
}
