import { AUTH_API } from "@/lib/inbox/auth-api-contract";
import { beginSignIn } from "@/lib/server/auth/sign-in-flow";
import { defineRoute, endpoint } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // Sends the browser to the OpenID provider to sign in, then back to `return`.
  endpoint(AUTH_API.signIn, ({ request, query }) => beginSignIn(request, query.return ?? "/inbox")),
);
