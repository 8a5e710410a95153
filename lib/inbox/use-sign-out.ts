import { useMutation } from "@tanstack/react-query";
import { callRoute } from "@/lib/client/call-route";
import { AUTH_API } from "@/lib/inbox/auth-api-contract";
import { SIGNED_OUT_PATH } from "@/lib/inbox/sign-in-paths";

/** Ends the session, then shows the signed-out page. */
export function useSignOut() {
  return useMutation({
    mutationFn: () => callRoute(AUTH_API.signOut),
    onSuccess: () => window.location.assign(SIGNED_OUT_PATH),
  });
}
