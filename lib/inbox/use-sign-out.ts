import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";

const SIGNED_OUT_PATH = "/signin?signed_out=1";

/** Ends the session, then shows the signed-out page. */
export function useSignOut() {
  const router = useRouter();
  return useMutation({
    // Loaded on use: the form page's first load carries no route contracts (nor zod).
    mutationFn: async () => {
      const [{ callRoute }, { AUTH_API }] = await Promise.all([
        import("@/lib/client/call-route"),
        import("@/lib/inbox/auth-api-contract"),
      ]);
      return callRoute(AUTH_API.signOut);
    },
    // Replaced, not pushed: Back does not return to a page of the session just ended.
    onSuccess: () => router.replace(SIGNED_OUT_PATH),
  });
}
