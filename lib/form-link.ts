import { createHmac, timingSafeEqual } from "node:crypto";

// Signed form links, exactly as shared/product.md specifies:
// sig = base64url(HMAC-SHA256(secret, `${token}\n${run}\n${user}\n${exp}`)), no padding.

export type FormLinkClaims = {
  token: string;
  /** Workflow run id; empty when there is no run to follow. */
  run: string;
  user: string;
  /** Expiry, Unix seconds. */
  exp: number;
};

export function signFormLink(claims: FormLinkClaims, secret: string): string {
  return createHmac("sha256", secret)
    .update(`${claims.token}\n${claims.run}\n${claims.user}\n${claims.exp}`)
    .digest("base64url");
}

/** The query string of a signed link, `run` left out when empty. */
export function formLinkQuery(claims: FormLinkClaims, secret: string): string {
  const query = new URLSearchParams();
  if (claims.run) query.set("run", claims.run);
  query.set("user", claims.user);
  query.set("exp", String(claims.exp));
  query.set("sig", signFormLink(claims, secret));
  return query.toString();
}

/** `/form/{token}?run=…&user=…&exp=…&sig=…`; prefix with the app's origin for an absolute link. */
export function formLinkPath(claims: FormLinkClaims, secret: string): string {
  return `/form/${encodeURIComponent(claims.token)}?${formLinkQuery(claims, secret)}`;
}

export type LinkParams = {
  run?: string | null;
  user?: string | null;
  exp?: string | null;
  sig?: string | null;
};

export type LinkVerification =
  | { ok: true; claims: FormLinkClaims; signed: boolean }
  | { ok: false; reason: "missing" | "invalid" | "expired" };

/** Verifies a link's parameters for a token: signature (constant time), then expiry. */
export function verifyFormLink(
  token: string,
  params: LinkParams,
  options: { secret: string | undefined; allowUnsigned: boolean; nowSeconds?: number },
): LinkVerification {
  const user = params.user ?? "";
  const run = params.run ?? "";
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);

  if (!params.sig) {
    if (!options.allowUnsigned) return { ok: false, reason: user ? "invalid" : "missing" };
    if (!user) return { ok: false, reason: "missing" };
    const exp = params.exp && /^\d{1,12}$/.test(params.exp) ? Number(params.exp) : 0;
    if (exp && exp < now) return { ok: false, reason: "expired" };
    return { ok: true, claims: { token, run, user, exp }, signed: false };
  }

  if (!options.secret || !user || !params.exp || !/^\d{1,12}$/.test(params.exp)) {
    return { ok: false, reason: "invalid" };
  }
  const claims: FormLinkClaims = { token, run, user, exp: Number(params.exp) };
  const expected = Buffer.from(signFormLink(claims, options.secret));
  const given = Buffer.from(params.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "invalid" };
  }
  if (claims.exp < now) return { ok: false, reason: "expired" };
  return { ok: true, claims, signed: true };
}

/** Parses `7d`, `12h`, `30m`, `45s` or plain seconds into seconds. */
export function parseTtl(value: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(value.trim());
  if (!match) throw new Error(`Invalid TTL "${value}": use e.g. 7d, 12h, 30m or 3600`);
  const unit = { "": 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as "" | "s" | "m" | "h" | "d"];
  return Number(match[1]) * unit;
}
