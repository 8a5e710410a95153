import "server-only";
import * as oidc from "openid-client";
import { getEnv } from "@/lib/server/env";
import { publicOrigin } from "@/lib/server/request-guards";
import type { Session } from "@/lib/server/auth/session";
import { SIGN_IN_SECONDS } from "@/lib/server/auth/session-cookie";

// Sign-in with OpenID Connect: authorization code with PKCE, the client authenticated with
// client_secret_basic.

/** Seconds each call to the provider may take: a provider that is down answers quickly as such. */
const PROVIDER_TIMEOUT_SECONDS = 5;
export const CALLBACK_PATH = "/api/auth/callback/oidc";

export class SignInUnavailable extends Error {
  override name = "SignInUnavailable";
}

type Settings = { issuer: string; clientId: string; clientSecret: string; userClaim: string };

export function oidcSettings(): Settings | null {
  const env = getEnv();
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    userClaim: env.OIDC_USER_CLAIM,
  };
}

/**
 * The provider's metadata, asked for at each step: sign-ins are rare, and a provider that went
 * down is then told at once ("sign-in is unavailable") rather than after the browser left.
 */
async function configuration(settings: Settings): Promise<oidc.Configuration> {
  // NOTE: an http:// issuer is allowed by the settings on this host only.
  const insecure = new URL(settings.issuer).protocol === "http:";
  try {
    const config = await oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      undefined,
      oidc.ClientSecretBasic(settings.clientSecret),
      { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: PROVIDER_TIMEOUT_SECONDS },
    );
    config.timeout = PROVIDER_TIMEOUT_SECONDS;
    return config;
  } catch (error) {
    throw new SignInUnavailable(error instanceof Error ? error.message : String(error));
  }
}

export type SignInStart = { url: string; checks: SignInChecks };
export type SignInChecks = { state: string; nonce: string; verifier: string };

export function callbackUrl(request: { headers: Headers; url?: string }): string {
  return `${publicOrigin(request) ?? new URL(request.url ?? "http://localhost").origin}${CALLBACK_PATH}`;
}

/** Where to send the browser to sign in, and the checks its return must pass. */
export async function startSignIn(
  settings: Settings,
  request: { headers: Headers; url?: string },
): Promise<SignInStart> {
  const config = await configuration(settings);
  const checks = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(request),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
    code_challenge_method: "S256",
    state: checks.state,
    nonce: checks.nonce,
  });
  return { url: url.href, checks };
}

export type SignInResult =
  { ok: true; session: Session } | { ok: false; reason: "unavailable" | "refused" | "no_user" };

/** The provider's answer at the callback, checked, as a session for its user. */
export async function finishSignIn(
  settings: Settings,
  request: Request,
  checks: SignInChecks,
): Promise<SignInResult> {
  const config = await configuration(settings);
  const current = new URL(callbackUrl(request));
  current.search = new URL(request.url).search;
  let claims: Record<string, unknown>;
  let issuer: string;
  let subject: string;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) return { ok: false, reason: "refused" };
    ({ iss: issuer, sub: subject } = idToken);
    claims = idToken;
    // Many providers put profile claims in the UserInfo answer only, not in the ID token.
    if (claims[settings.userClaim] === undefined || claims.email === undefined) {
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, subject)), ...idToken };
    }
  } catch (error) {
    // The provider said no (or its answer did not check out), or could not be reached.
    if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError)
      return { ok: false, reason: "refused" };
    if (
      error instanceof TypeError ||
      (error instanceof Error && /fetch|timeout|abort|ECONN/i.test(error.message))
    )
      return { ok: false, reason: "unavailable" };
    return { ok: false, reason: "refused" };
  }
  const user = claims[settings.userClaim];
  if (typeof user !== "string" || !user || user.length > 320)
    return { ok: false, reason: "no_user" };
  const email = typeof claims.email === "string" ? claims.email : undefined;
  return {
    ok: true,
    session: {
      via: "oidc",
      user,
      exp: Math.floor(Date.now() / 1000) + SIGN_IN_SECONDS,
      issuer,
      subject,
      ...(email ? { email } : {}),
    },
  };
}
