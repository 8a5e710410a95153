import { AUTH_API } from "@/lib/inbox/auth-api-contract";
import { signOut } from "@/lib/server/auth/sign-in-flow";
import { requireSameOrigin } from "@/lib/server/request-guards";
import { defineRoute, endpoint } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // Ends the session (a form post from the app's own pages).
  endpoint(AUTH_API.signOut, ({ request }) => signOut(request), { before: requireSameOrigin }),
);
