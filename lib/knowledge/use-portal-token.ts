import { useEffect, useSyncExternalStore } from "react";
import {
  loadPortalToken,
  subscribePortalToken,
  takePortalTokenFromFragment,
} from "@/lib/knowledge/portal-token-storage";

/** `undefined` while the page hydrates (the server cannot see sessionStorage), then the token or null. */
export function usePortalToken(): string | null | undefined {
  useEffect(takePortalTokenFromFragment, []);
  return useSyncExternalStore(subscribePortalToken, loadPortalToken, () => undefined);
}
