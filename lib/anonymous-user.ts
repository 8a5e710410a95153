import "server-only";
import { randomUUID } from "node:crypto";
import { cookies } from "next/headers";

// The launcher's user: an anonymous id in an HttpOnly cookie, created on first use, so the run,
// its uploads and its form all belong to the same `user` upstream.
const COOKIE = "hi_anon_user";

export async function getOrCreateAnonymousUser(request: Request): Promise<string> {
  const jar = await cookies();
  const existing = jar.get(COOKIE)?.value;
  if (existing && /^anon-[0-9a-f-]{36}$/.test(existing)) return existing;
  const user = `anon-${randomUUID()}`;
  jar.set(COOKIE, user, {
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
  });
  return user;
}
