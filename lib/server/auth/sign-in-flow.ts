import "server-only";
import { cookies } from "next/headers";
import { z } from "zod";
import { getEnv } from "@/lib/server/env";
import { openSealedValue, sealValue } from "@/lib/server/auth/sealed-value";
import {
  CALLBACK_PATH,
  finishSignIn,
  oidcSettings,
  SignInUnavailable,
  startSignIn,
} from "@/lib/server/auth/oidc-client";
import { sessionClearCookie, sessionSetCookie } from "@/lib/server/auth/session-cookie";
import { countWrongToken, publicOrigin } from "@/lib/server/request-guards";
import { ApiError } from "@/lib/errors/api-error";

// The sign-in routes' work: out to the provider with sealed checks, back with a session.

const STATE_LABEL = "oidc state v1";
const STATE_COOKIE = "hi_oidc";
/** How long a sign-in may take at the provider. */
const STATE_SECONDS = 10 * 60;

const pendingSchema = z.object({
  state: z.string().min(1).max(200),
  nonce: z.string().min(1).max(200),
  verifier: z.string().min(1).max(200),
  returnTo: z.string().max(512),
  exp: z.number().int(),
});

type HasHeaders = { headers: Headers; url?: string };

const origin = (request: HasHeaders) =>
  publicOrigin(request) ?? new URL(request.url ?? "http://localhost").origin;

function redirect(request: HasHeaders, path: string, setCookies: string[] = []): Response {
  const response = new Response(null, {
    status: 303,
    headers: { Location: `${origin(request)}${path}`, "Cache-Control": "no-store" },
  });
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
}

function stateCookie(request: HasHeaders, value: string, maxAge: number): string {
  const secure = origin(request).startsWith("https:");
  return `${secure ? "__Secure-" : ""}${STATE_COOKIE}=${value}; Path=${CALLBACK_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const problem = (reason: string, returnTo: string) =>
  `/signin?${new URLSearchParams({ problem: reason, return: returnTo }).toString()}`;

function secret(): string {
  const value = getEnv().FORM_LINK_SECRET;
  if (!value) throw new Error("Sign-in needs FORM_LINK_SECRET.");
  return value;
}

/** Out to the provider; a provider that does not answer: the "sign-in is unavailable" page. */
export async function beginSignIn(request: Request, returnTo: string): Promise<Response> {
  const settings = oidcSettings();
  if (!settings) throw ApiError.of("not_found", "Sign-in is not set up on this server.");
  try {
    const { url, checks } = await startSignIn(settings, request);
    const exp = Math.floor(Date.now() / 1000) + STATE_SECONDS;
    const sealed = sealValue(secret(), STATE_LABEL, { ...checks, returnTo, exp });
    const response = new Response(null, {
      status: 303,
      headers: { Location: url, "Cache-Control": "no-store" },
    });
    response.headers.append("Set-Cookie", stateCookie(request, sealed, STATE_SECONDS));
    return response;
  } catch (error) {
    if (error instanceof SignInUnavailable) {
      console.warn(
        JSON.stringify({ level: "warn", msg: "sign-in unavailable", error: error.message }),
      );
      return redirect(request, problem("unavailable", returnTo));
    }
    throw error;
  }
}

/** Back from the provider: its answer checked against the sealed checks, then a session. */
export async function completeSignIn(request: Request): Promise<Response> {
  const settings = oidcSettings();
  if (!settings) throw ApiError.of("not_found", "Sign-in is not set up on this server.");
  const jar = await cookies();
  const secure = origin(request).startsWith("https:");
  const sealed = jar.get(`${secure ? "__Secure-" : ""}${STATE_COOKIE}`)?.value;
  const pending = pendingSchema.safeParse(
    sealed ? openSealedValue(secret(), STATE_LABEL, sealed) : undefined,
  );
  const clear = stateCookie(request, "", 0);
  if (!pending.success || pending.data.exp < Date.now() / 1000) {
    // A callback without its own browser's checks: a stale tab, or someone else's code.
    await countWrongToken(request).catch(() => undefined);
    return redirect(request, problem("expired", "/inbox"), [clear]);
  }
  const { returnTo } = pending.data;
  try {
    const result = await finishSignIn(settings, request, pending.data);
    if (!result.ok) {
      if (result.reason === "refused") await countWrongToken(request).catch(() => undefined);
      return redirect(request, problem(result.reason, returnTo), [clear]);
    }
    return redirect(request, returnTo, [clear, sessionSetCookie(request, result.session)]);
  } catch (error) {
    if (error instanceof SignInUnavailable) {
      return redirect(request, problem("unavailable", returnTo), [clear]);
    }
    throw error;
  }
}

export function signOut(request: Request): Response {
  const response = Response.json({ ok: true });
  response.headers.append("Set-Cookie", sessionClearCookie(request));
  return response;
}
