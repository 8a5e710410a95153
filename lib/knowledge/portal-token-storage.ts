import { useEffect, useSyncExternalStore } from "react";

// Kept for this tab only (sessionStorage); where storage is blocked it lives in memory.

const KEY = "knowledge-portal-token";

let memory: string | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function loadPortalToken(): string | null {
  try {
    return storage()?.getItem(KEY) || memory;
  } catch {
    return memory;
  }
}

function keep(token: string | null): void {
  memory = token;
  try {
    if (token === null) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, token);
  } catch {
    // Full or blocked storage: the in-memory copy is used.
  }
  listeners.forEach((listener) => listener());
}

export const savePortalToken = (token: string) => keep(token);
export const forgetPortalToken = () => keep(null);

function subscribePortalToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `/knowledge#token=…`: kept as if typed, then dropped from the address (a fragment never reaches a server). */
function takePortalTokenFromFragment(): void {
  const match = /^#token=([^&]{1,512})$/.exec(window.location.hash);
  if (!match?.[1]) return;
  try {
    savePortalToken(decodeURIComponent(match[1]));
  } catch {
    return;
  }
  window.history.replaceState(
    window.history.state,
    "",
    window.location.pathname + window.location.search,
  );
}

/** `undefined` while the page hydrates (the server cannot see sessionStorage), then the token or null. */
export function usePortalToken(): string | null | undefined {
  useEffect(takePortalTokenFromFragment, []);
  return useSyncExternalStore(subscribePortalToken, loadPortalToken, () => undefined);
}
