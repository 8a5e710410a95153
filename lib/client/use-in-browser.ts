import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False on the server and while the page hydrates, true once React runs it in the browser. */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
