import { useEffect, useSyncExternalStore } from "react";
import {
  loadPortalToken,
  subscribePortalToken,
  takePortalTokenFromFragment,
} from "@/lib/knowledge/portal-token-storage";

/**
 * The portal token of this tab: `undefined` while the page hydrates (the server cannot see
 * sessionStorage), then the token or null. A token in the address's fragment is taken first.
 */
export function usePortalToken(): string | null | undefined {
  useEffect(takePortalTokenFromFragment, []);
  return useSyncExternalStore(subscribePortalToken, loadPortalToken, () => undefined);
}
