import * as z from "zod/mini";
import { routeContract } from "@/lib/routes/route-contract";

// Sign-in: browser navigations answered with redirects. Sign-out: a call from the page (a form
// post would carry `Origin: null` under the app's no-referrer policy).

/** Where to go after signing in: a path of this app only, never another site. */
export const returnPathSchema = z
  .string()
  .check(z.maxLength(512), z.regex(/^\/(?![/\\])[^\s]*$/, "must be a path of this app"));

export const AUTH_API = {
  signIn: routeContract({
    method: "GET",
    path: "/api/auth/signin",
    query: z.object({ return: z.optional(z.catch(returnPathSchema, "/inbox")) }),
  }),
  callback: routeContract({ method: "GET", path: "/api/auth/callback/oidc" }),
  signOut: routeContract({
    method: "POST",
    path: "/api/auth/signout",
    answer: z.object({ ok: z.literal(true) }),
  }),
} as const;
