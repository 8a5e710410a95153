import { useMutation } from "@tanstack/react-query";

const SIGNED_OUT_PATH = "/signin?signed_out=1";

/** Ends the session, then shows the signed-out page. */
export function useSignOut() {
  return useMutation({
    // Loaded on use: the form page's first load carries no route contracts (nor zod).
    mutationFn: async () => {
      const [{ callRoute }, { AUTH_API }] = await Promise.all([
        import("@/lib/client/call-route"),
        import("@/lib/inbox/auth-api-contract"),
      ]);
      return callRoute(AUTH_API.signOut);
    },
    onSuccess: () => window.location.assign(SIGNED_OUT_PATH),
  });
}
