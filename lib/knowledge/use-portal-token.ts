import { useSyncExternalStore } from "react";
import { loadPortalToken, subscribePortalToken } from "@/lib/knowledge/portal-token-storage";

/**
 * The portal token of this tab: `undefined` while the page hydrates (the server cannot see
 * sessionStorage), then the token or null.
 */
export function usePortalToken(): string | null | undefined {
  return useSyncExternalStore(subscribePortalToken, loadPortalToken, () => undefined);
}
