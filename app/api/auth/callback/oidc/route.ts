import { AUTH_API } from "@/lib/inbox/auth-api-contract";
import { completeSignIn } from "@/lib/server/auth/sign-in-flow";
import { defineRoute, endpoint } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // The OpenID provider's answer: checked, then a session cookie and back where sign-in began.
  endpoint(AUTH_API.callback, ({ request }) => completeSignIn(request)),
);
