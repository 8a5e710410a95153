import { routeUrl } from "@/lib/routes/route-contract";
import { AUTH_API } from "@/lib/inbox/auth-api-contract";

// The addresses the inbox's screens link to, from the route contracts.

export const signInHref = (returnTo = "/inbox") =>
  routeUrl(AUTH_API.signIn.path, {}, { return: returnTo });
