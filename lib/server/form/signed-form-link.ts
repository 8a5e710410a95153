import { createHmac, timingSafeEqual } from "node:crypto";
import type {
  FormLinkClaims,
  FormLinkInput,
  LinkAuth,
  LinkParams,
  LinkScope,
  LinkView,
} from "@/lib/form/form-link";

// NOTE: no `server-only`: the tools that mint links run this outside Next. The signed message
// has lines only for claims present, so links signed before a claim existed keep verifying.

// NOTE: the message's fields are separated by newlines, so a value holding a control character
// could be re-split into other fields that verify: such values are refused on both sides.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** `exp` as the signer writes it: decimal digits, no sign, no leading zero, no exponent. */
const CANONICAL_EXP = /^(0|[1-9]\d{0,11})$/;

function linkMessage(claims: FormLinkClaims): string {
  let message = `${claims.token}\n${claims.run}\n${claims.user}\n${claims.exp}`;
  if (claims.scope === "run") message += "\nrun";
  if (claims.view === "progress") message += "\nprogress";
  if (claims.auth === "signin") message += "\nsignin";
  return message;
}

function withScope(claims: FormLinkInput): FormLinkClaims {
  return {
    ...claims,
    scope: claims.scope ?? "form",
    view: claims.view ?? "full",
    auth: claims.auth ?? "link",
  };
}

export function signFormLink(input: FormLinkInput, secret: string): string {
  const claims = withScope(input);
  for (const name of ["token", "run", "user"] as const) {
    if (CONTROL_CHARACTER.test(claims[name])) {
      throw new Error(`The link's ${name} must not contain control characters.`);
    }
  }
  if (!Number.isSafeInteger(claims.exp) || claims.exp < 0) {
    throw new Error("The link's exp must be a whole number of Unix seconds.");
  }
  return createHmac("sha256", secret).update(linkMessage(claims)).digest("base64url");
}

/** The query string of a signed link: `run` left out when empty. */
export function formLinkQuery(input: FormLinkInput, secret: string): string {
  const claims = withScope(input);
  const query = new URLSearchParams();
  if (claims.run) query.set("run", claims.run);
  query.set("user", claims.user);
  query.set("exp", String(claims.exp));
  if (claims.scope === "run") query.set("scope", "run");
  if (claims.view === "progress") query.set("view", "progress");
  if (claims.auth === "signin") query.set("auth", "signin");
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

/** An absent claim is its default; a present claim may only be `other`. */
function parseClaim<T extends string>(value: string | null | undefined, absent: T, other: T) {
  if (value === undefined || value === null) return absent;
  return value === other ? other : undefined;
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
  const scope = parseClaim<LinkScope>(params.scope, "form", "run");
  const view = parseClaim<LinkView>(params.view, "full", "progress");
  const auth = parseClaim<LinkAuth>(params.auth, "link", "signin");

  if (
    scope === undefined ||
    view === undefined ||
    auth === undefined ||
    [token, run, user].some((value) => CONTROL_CHARACTER.test(value))
  ) {
    return { ok: false, reason: "invalid" };
  }

  if (!params.sig) {
    if (!options.allowUnsigned) return { ok: false, reason: user ? "invalid" : "missing" };
    if (!user) return { ok: false, reason: "missing" };
    if (params.exp && !CANONICAL_EXP.test(params.exp)) return { ok: false, reason: "invalid" };
    const exp = params.exp ? Number(params.exp) : 0;
    if (exp && exp < now) return { ok: false, reason: "expired" };
    return { ok: true, claims: { token, run, user, exp, scope, view, auth }, signed: false };
  }

  if (!options.secret || !user || !params.exp || !CANONICAL_EXP.test(params.exp)) {
    return { ok: false, reason: "invalid" };
  }
  const claims: FormLinkClaims = { token, run, user, exp: Number(params.exp), scope, view, auth };
  const expected = Buffer.from(signFormLink(claims, options.secret));
  const given = Buffer.from(params.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "invalid" };
  }
  if (claims.exp < now) return { ok: false, reason: "expired" };
  return { ok: true, claims, signed: true };
}

/** Whether `exp` lies past MAX_LINK_TTL: a leaked link must not stay good for years. */
export function exceedsMaxLinkTtl(
  exp: number,
  maxTtlSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  return exp > nowSeconds + maxTtlSeconds;
}
