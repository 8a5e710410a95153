import "server-only";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { cookies } from "next/headers";
import { getEnv } from "@/lib/server/env";
import { processState } from "@/lib/server/ops/process-state";
import { publicOrigin, sameToken } from "@/lib/server/request-guards";

// The launcher's user: an anonymous id in an HttpOnly cookie, created on first use, so the run,
// its uploads and its form all belong to the same `user` upstream. The value is signed, so a
// cookie planted from elsewhere (a sibling subdomain can set cookies for ours) names no user of
// its choosing; over HTTPS the `__Host-` prefix also keeps such cookies out altogether.
const COOKIE = "hi_anon_user";
const SECURE_COOKIE = `__Host-${COOKIE}`;
const USER = /^anon-[0-9a-f-]{36}$/;

// Without a link secret (unsigned links allowed) the key lives as long as the process.
function signingKey(): Buffer | string {
  const secret = getEnv().FORM_LINK_SECRET;
  if (secret) return `anonymous-user-cookie\n${secret}`;
  return processState("anonymous-user-key", () => randomBytes(32));
}

const sign = (user: string) => createHmac("sha256", signingKey()).update(user).digest("base64url");

/** The user a cookie value names, when its signature holds. */
export function verifyAnonymousCookie(value: string | undefined): string | null {
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot < 0) return null;
  const user = value.slice(0, dot);
  if (!USER.test(user)) return null;
  return sameToken(value.slice(dot + 1), sign(user)) ? user : null;
}

export async function getOrCreateAnonymousUser(request: Request): Promise<string> {
  const secure = publicOrigin(request)?.startsWith("https:") ?? false;
  const name = secure ? SECURE_COOKIE : COOKIE;
  const jar = await cookies();
  const existing = verifyAnonymousCookie(jar.get(name)?.value);
  if (existing) return existing;
  const user = `anon-${randomUUID()}`;
  jar.set(name, `${user}.${sign(user)}`, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
  });
  return user;
}
